// Knockout builds: a test of the test suite. Configured with
// -DCHORUS_KNOCKOUT=ON (never in Release builds), chorus reads the
// environment variable CHORUS_KNOCKOUT:
//   CHORUS_KNOCKOUT=KIND   the search drops every violation of kind KIND
//                          (its name in verdict lines, e.g. DIVISION_BY_ZERO)
//                          instead of reporting it: the branch where it
//                          happens is pruned, as if the guard were missing;
//   CHORUS_KNOCKOUT=MAYBE  the internal decision procedures and every prover
//                          backend answer MAYBE to every query, and no
//                          obligation counts as discharged because it is
//                          the constant true (exec::trivial in Oracle.h).
// With CHORUS_KNOCKOUT_LOG=FILE, each run appends "COUNT ARGV..." to FILE at
// exit: how many violations it dropped or decisions it answered MAYBE.
// `scripts/knockout` (make knockout) runs the suite once per setting: each
// must make some test fail. In other builds both functions are constant
// false and the variables are ignored.
#pragma once

namespace chorus::knockout {

#ifdef CHORUS_KNOCKOUT
/// Is the detection of the violation kind named `kindName` knocked out?
bool kind(const char* kindName);
/// Do all decisions answer MAYBE?
bool maybe();
#else
constexpr bool kind(const char*) {
  return false;
}
constexpr bool maybe() {
  return false;
}
#endif

} // namespace chorus::knockout
