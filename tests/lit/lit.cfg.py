# lit configuration for chorus's end-to-end tests.
#  %chorus   the chorus binary
#  %examples the examples/ folder of the source tree
#  not       inverts an exit code (from llvm-16 tools)
#  %expect-exit CODE cmd...  succeeds only when cmd exits with CODE
#  %paste-invariants OUT SRC DST  pastes the pragmas verify --infer-invariants printed
#  %native [-n N] [-D...] FILE  the real run: gcc (or mpicc + mpirun -np N),
#            exits with the program's exit code (tools/native-run)
#  %cc       gcc (debug info, no warnings), for native runs to compare with
#  %asan-cc  the same with AddressSanitizer (memory errors reported at file:line)
#  %mpicc    Open MPI's compiler wrapper, %mpirun its launcher (oversubscribed,
#            60 s limit): real MPI runs to compare with
import os
import lit.formats

config.name = "chorus"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".c", ".test"]
config.excludes = ["Inputs", "lit.cfg.py", "tools"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(os.path.dirname(os.path.dirname(config.chorus_bin)), "tests", "lit-out")

config.substitutions.append(("%chorus", os.path.join(config.chorus_bin, "chorus")))
config.substitutions.append(("%expect-exit", os.path.join(os.path.dirname(__file__), "tools", "expect-exit")))
config.substitutions.append(("%paste-invariants", os.path.join(os.path.dirname(__file__), "tools", "paste-invariants")))
config.substitutions.append(("%native", os.path.join(os.path.dirname(__file__), "tools", "native-run")))
config.substitutions.append(("%asan-cc", "gcc -g -w -fsanitize=address -fno-omit-frame-pointer"))
config.substitutions.append(("%cc", "gcc -g -w"))
config.substitutions.append(("%mpicc", "mpicc -g -w"))
config.substitutions.append(("%mpirun", os.path.join(os.path.dirname(__file__), "tools", "mpirun")))
config.substitutions.append(("%examples", os.path.join(config.chorus_src, "examples")))
config.environment["PATH"] = os.pathsep.join([config.llvm_bin, config.environment.get("PATH", os.environ.get("PATH", ""))])
config.environment["LC_ALL"] = "C"
# (tools/run-lit: every chorus run records its internal errors there)
if "CHORUS_INTERNAL_ERROR_LOG" in os.environ:
    config.environment["CHORUS_INTERNAL_ERROR_LOG"] = os.environ["CHORUS_INTERNAL_ERROR_LOG"]
# Real runs: Open MPI as root (CI), no leak report (Open MPI's own allocations).
config.environment["OMPI_ALLOW_RUN_AS_ROOT"] = "1"
config.environment["OMPI_ALLOW_RUN_AS_ROOT_CONFIRM"] = "1"
config.environment["ASAN_OPTIONS"] = "detect_leaks=0"
# Knockout builds (scripts/knockout): the knockout setting and its log.
for var in ("HOME", "TMPDIR", "CHORUS_KNOCKOUT", "CHORUS_KNOCKOUT_LOG"):
    if var in os.environ:
        config.environment[var] = os.environ[var]
