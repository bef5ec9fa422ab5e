// The verdict as one self-contained HTML page (Report.h, printHtml): the
// verdict, the counterexample as a message-sequence chart (inline SVG: one
// lane per process and thread, one row per move, thin for the moves inside
// a step (search::traceSteps); messages as arrows from a
// send to the receive that matched it, collective operations as bands
// across their participants, collective-assertion snapshots joined to the
// failing event, blocked processes of a deadlock marked, the violating event
// in red), the source of the files with the violating line marked, inputs
// and statistics. A small script makes events clickable (statement, values
// assigned, message contents; the source line highlighted) and steps
// through them with the keyboard. No network: everything is inline.
#include "chorus/report/Report.h"
#include "chorus/search/Steps.h"

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <map>
#include <ostream>
#include <regex>
#include <set>
#include <sstream>

namespace chorus::report {
namespace {

std::string esc(const std::string& s) {
  std::string o;
  for (char c : s)
    switch (c) {
    case '&':
      o += "&amp;";
      break;
    case '<':
      o += "&lt;";
      break;
    case '>':
      o += "&gt;";
      break;
    case '"':
      o += "&quot;";
      break;
    default:
      o += c;
    }
  return o;
}

/// A lane: a process, or a thread of a process that created threads.
struct Lane {
  int proc, thread;
  bool operator<(const Lane& o) const { return proc != o.proc ? proc < o.proc : thread < o.thread; }
};

struct Arrow {
  size_t from, to; ///< step indices; to == npos: never received
  std::string label;
};

constexpr size_t kNone = size_t(-1);

const char* kStyle = R"(
body{font:13px/1.4 system-ui,sans-serif;margin:0;color:#222}
header{padding:10px 16px;border-bottom:1px solid #ccc;background:#f7f7f7}
h1{font-size:16px;margin:0 0 4px}
.verdict-violation h1{color:#b00}.verdict-verified h1{color:#070}.verdict-unknown h1{color:#a60}
main{display:flex;height:calc(100vh - 90px)}
#chart{flex:1 1 60%;overflow:auto;border-right:1px solid #ccc}
#side{flex:1 1 40%;display:flex;flex-direction:column;min-width:320px}
#details{padding:8px 12px;border-bottom:1px solid #ccc;min-height:120px;max-height:35%;overflow:auto}
#details pre{margin:4px 0;white-space:pre-wrap}
#sources{overflow:auto;flex:1;font:12px/1.35 monospace}
#sources .file{font-weight:bold;padding:4px 8px;background:#eee;position:sticky;top:0}
#sources .ln{white-space:pre;padding:0 8px}
#sources .ln span{color:#999;display:inline-block;width:4em}
#sources .ln.bad{background:#fdd}#sources .ln.cur{background:#ffe58a}
svg text{font:11px system-ui,sans-serif}
.lane-line{stroke:#999;stroke-width:1}
.lane-title{font-weight:bold}
.event circle{fill:#456;cursor:pointer}.event.mpi circle{fill:#06c}
.event.selected circle{stroke:#000;stroke-width:2}
.event.violation circle{fill:#d00}
.msg{stroke:#06c;stroke-width:1.3;fill:none;marker-end:url(#arrow)}
.msg.lost{stroke:#d70;stroke-dasharray:4 3}
.band{fill:#7a4;fill-opacity:.18;stroke:#7a4;stroke-opacity:.6}
.snapshot{fill:#a0a;cursor:pointer}.snaplink{stroke:#a0a;stroke-dasharray:3 3}
.blocked{fill:#d00;font-weight:bold}
table.stats td{padding:0 8px 0 0}
.hint{color:#666}
)";

const char* kScript = R"(
window.onerror=function(m){document.body.dataset.errors=(document.body.dataset.errors||'')+m+';'};
(function(){
var evs=[].slice.call(document.querySelectorAll('.event'));var cur=-1;
function show(i){if(i<0||i>=evs.length)return;if(cur>=0)evs[cur].classList.remove('selected');
cur=i;var e=evs[i];e.classList.add('selected');
var d=document.getElementById('details');var t=e.querySelector('title');
d.innerHTML='';var h=document.createElement('b');h.textContent='move '+e.dataset.step+' (step '+e.dataset.group+') · '+e.dataset.lane+' · '+e.dataset.where;d.appendChild(h);
var p=document.createElement('pre');p.textContent=e.dataset.stmt+(e.dataset.effects?'\n'+e.dataset.effects:'');d.appendChild(p);
[].forEach.call(document.querySelectorAll('.ln.cur'),function(l){l.classList.remove('cur')});
var ln=document.getElementById('src-'+e.dataset.file+'-'+e.dataset.line);
if(ln){ln.classList.add('cur');ln.scrollIntoView({block:'center'})}
e.scrollIntoView({block:'nearest',inline:'nearest'})}
evs.forEach(function(e,i){e.addEventListener('click',function(){show(i)})});
document.addEventListener('keydown',function(k){
if(k.key==='ArrowDown'||k.key==='j'||k.key==='ArrowRight'){show(Math.min(cur+1,evs.length-1));k.preventDefault()}
if(k.key==='ArrowUp'||k.key==='k'||k.key==='ArrowLeft'){show(Math.max(cur-1,0));k.preventDefault()}
if(k.key==='Home'){show(0)}if(k.key==='End'){show(evs.length-1)}});
if(evs.length)show(evs.length-1);
document.body.dataset.ready='1';})();
)";

} // namespace

void printHtml(std::ostream& os, const model::Program& p, const search::SearchResult& r,
               const HtmlOptions& opts) {
  const std::string& title = opts.title;
  const std::vector<exec::Step>& tr = r.trace;
  // the global process of rank `rank` of the MPI_COMM_WORLD of process q
  auto global = [&](int q, int rank) {
    return q >= 0 && size_t(q) < opts.worldBase.size() ? opts.worldBase[size_t(q)] + rank : rank;
  };
  // lanes
  std::set<Lane> laneSet;
  for (int q = 0; q < r.nprocs; ++q)
    laneSet.insert({q, 0});
  for (const exec::Step& s : tr)
    if (s.proc >= 0)
      laneSet.insert({s.proc, s.thread});
  std::vector<Lane> lanes(laneSet.begin(), laneSet.end());
  std::map<Lane, size_t> laneIx;
  for (size_t i = 0; i < lanes.size(); ++i)
    laneIx[lanes[i]] = i;
  bool threads = std::any_of(lanes.begin(), lanes.end(), [](const Lane& l) { return l.thread; });
  auto laneName = [&](const Lane& l) {
    return "p" + std::to_string(l.proc) + (threads ? ".t" + std::to_string(l.thread) : "");
  };
  // messages: a send "send V to D tag T" matches the first receive at D
  // "receive V from S tag T" not matched yet (FIFO per source, destination
  // and tag: MPI's non-overtaking order)
  static const std::regex sendRe(R"(^send (.*) to (\d+) tag (-?\d+))");
  static const std::regex recvRe(R"(^receive (.*) from (\d+) tag (-?\d+))");
  std::map<std::tuple<int, int, std::string>, std::vector<size_t>> pending;
  std::vector<Arrow> arrows;
  for (size_t i = 0; i < tr.size(); ++i)
    for (const std::string& e : tr[i].effects) {
      std::smatch m;
      if (std::regex_search(e, m, sendRe)) {
        pending[{tr[i].proc, global(tr[i].proc, std::stoi(m[2])), m[3]}].push_back(arrows.size());
        arrows.push_back({i, kNone, m[1]});
      } else if (std::regex_search(e, m, recvRe)) {
        auto& q = pending[{global(tr[i].proc, std::stoi(m[2])), tr[i].proc, m[3]}];
        if (!q.empty()) {
          arrows[q.front()].to = i;
          q.erase(q.begin());
        } else {
          arrows.push_back({i, i, m[1]}); // the send is before the trace shows it
        }
      }
    }
  // collective operations: the k-th call of each MPI collective per process
  static const std::regex collRe(
      R"(call (MPI_(Barrier|Bcast|Reduce|Allreduce|Gather|Gatherv|Scatter|Scatterv|Allgather|Allgatherv|Alltoall|Alltoallv|Scan|Exscan|Reduce_scatter|Comm_dup|Comm_split|Comm_create|Finalize))\()");
  std::map<std::pair<std::string, int>, std::vector<size_t>> bands; // (op, k) -> steps
  std::map<std::pair<std::string, int>, int> seen;                  // (op, proc) -> count
  for (size_t i = 0; i < tr.size(); ++i) {
    std::smatch m;
    if (std::regex_search(tr[i].stmt, m, collRe)) {
      int k = seen[{m[1], tr[i].proc}]++;
      bands[{m[1], k}].push_back(i);
    }
  }
  // steps (search::traceSteps): the moves of one process up to one that
  // others can observe
  const std::vector<size_t> groups = search::traceSteps(tr);
  // snapshots of the collective assertion that failed
  static const std::regex snapRe(R"(process (\d+): snapshot at move (\d+))");
  std::vector<size_t> snaps;
  for (const exec::Step& s : tr)
    for (const std::string& e : s.effects) {
      std::smatch m;
      if (std::regex_search(e, m, snapRe)) {
        size_t st = std::stoul(m[2]);
        if (st >= 1 && st <= tr.size())
          snaps.push_back(st - 1);
      }
    }
  // processes blocked in a deadlock
  std::map<int, std::string> blocked;
  if (r.violation) {
    static const std::regex blockRe(R"(process (\d+) blocked ([^;]*))");
    const std::string& msg = r.violation->message;
    for (std::sregex_iterator it(msg.begin(), msg.end(), blockRe), end; it != end; ++it)
      blocked[std::stoi((*it)[1])] = (*it)[2];
  }

  // ---- the page
  const char* vclass = r.verdict == search::Verdict::Violation  ? "violation"
                       : r.verdict == search::Verdict::Verified ? "verified"
                                                                : "unknown";
  os << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>chorus: "
     << esc(title) << "</title><style>" << kStyle << "</style></head>\n<body class=\"verdict-"
     << vclass << "\">\n<header><h1 id=\"verdict\">" << esc(verdictLine(p, r)) << "</h1>";
  if (r.violation)
    os << "<div id=\"message\">" << esc(r.violation->message) << "</div>";
  if (!r.note.empty() || !r.assumed.empty()) {
    std::string note = r.note;
    search::addNote(note, r.assumed);
    os << "<div>" << esc(note) << "</div>";
  }
  if (!r.traceNote.empty())
    os << "<div id=\"trace-note\">" << esc(r.traceNote) << "</div>";
  os << "<div class=\"hint\">" << esc(title) << " · " << r.nprocs << " process"
     << (r.nprocs == 1 ? "" : "es") << " · " << (groups.empty() ? 0 : groups.back() + 1)
     << " steps, " << tr.size()
     << " moves · click an event, or step with ↑/↓ (j/k)</div></header>\n<main>\n<div "
        "id=\"chart\">\n";
  // chart geometry: a full row for a move the others observe, an MPI call,
  // the first move of a step and the violation; a thin one for the other
  // moves of a step (sequential code of one process), so that long traces
  // stay readable (a 2,000-move trace of 16 processes is mostly such code)
  const int laneW = 110, rowH = 16, thinH = 4, top = 40, left = 60;
  const size_t last = tr.empty() ? kNone : tr.size() - 1;
  auto isMpi = [&](size_t i) { return tr[i].stmt.find("call MPI_") != std::string::npos; };
  std::vector<int> ys(tr.size());
  std::vector<bool> full(tr.size());
  int y = top;
  for (size_t i = 0; i < tr.size(); ++i) {
    full[i] = i == 0 || groups[i] != groups[i - 1] || tr[i].shared || isMpi(i) || i == last;
    int h = full[i] ? rowH : thinH;
    ys[i] = y + h / 2;
    y += h;
  }
  int width = left + int(lanes.size()) * laneW + 40;
  int height = y + 80;
  auto X = [&](size_t step) {
    return left + int(laneIx[{tr[step].proc, tr[step].thread}]) * laneW + laneW / 2;
  };
  auto Y = [&](size_t step) { return ys[step]; };
  os << "<svg id=\"msc\" xmlns=\"http://www.w3.org/2000/svg\" width=\"" << width << "\" height=\""
     << height
     << "\">\n<defs><marker id=\"arrow\" viewBox=\"0 0 10 10\" "
        "refX=\"9\" refY=\"5\" markerWidth=\"7\" markerHeight=\"7\" orient=\"auto\"><path "
        "d=\"M0,0L10,5L0,10z\" fill=\"#06c\"/></marker></defs>\n";
  for (size_t l = 0; l < lanes.size(); ++l) {
    int x = left + int(l) * laneW + laneW / 2;
    os << "<g class=\"lane\" data-lane=\"" << laneName(lanes[l])
       << "\"><text class=\"lane-title\" x=\"" << x << "\" y=\"20\" text-anchor=\"middle\">"
       << laneName(lanes[l]) << "</text><line class=\"lane-line\" x1=\"" << x
       << "\" y1=\"28\" x2=\"" << x << "\" y2=\"" << height - 30 << "\"/>";
    os << "</g>\n";
  }
  for (const auto& [key, steps] : bands) {
    if (steps.empty())
      continue;
    int x0 = width, x1 = 0, y0 = height, y1 = 0;
    for (size_t s : steps) {
      x0 = std::min(x0, X(s) - 8);
      x1 = std::max(x1, X(s) + 8);
      y0 = std::min(y0, Y(s) - 6);
      y1 = std::max(y1, Y(s) + 6);
    }
    os << "<rect class=\"band\" x=\"" << x0 << "\" y=\"" << y0 << "\" width=\"" << x1 - x0
       << "\" height=\"" << y1 - y0 << "\"><title>" << esc(key.first) << " #" << key.second + 1
       << " (" << steps.size() << " process" << (steps.size() == 1 ? "" : "es")
       << ")</title></rect>\n";
  }
  for (const Arrow& a : arrows) {
    if (a.to == kNone) {
      os << "<line class=\"msg lost\" x1=\"" << X(a.from) << "\" y1=\"" << Y(a.from) << "\" x2=\""
         << X(a.from) + laneW / 2 << "\" y2=\"" << Y(a.from) + rowH << "\"><title>message "
         << esc(a.label) << ", never received</title></line>\n";
    } else if (a.to != a.from) {
      os << "<line class=\"msg\" x1=\"" << X(a.from) << "\" y1=\"" << Y(a.from) << "\" x2=\""
         << X(a.to) << "\" y2=\"" << Y(a.to) << "\"><title>message " << esc(a.label)
         << "</title></line>\n";
    }
  }
  for (size_t s : snaps) {
    os << "<path class=\"snapshot\" d=\"M" << X(s) << "," << Y(s) - 6
       << "l6,6l-6,6l-6,-6z\"><title>snapshot of the "
       << "collective assertion (move " << s + 1 << ")</title></path>\n";
    if (last != kNone)
      os << "<line class=\"snaplink\" x1=\"" << X(s) << "\" y1=\"" << Y(s) << "\" x2=\"" << X(last)
         << "\" y2=\"" << Y(last) << "\"/>\n";
  }
  for (size_t i = 0; i < tr.size(); ++i) {
    const exec::Step& s = tr[i];
    Lane l{s.proc, s.thread};
    std::string where = p.where(s.loc);
    std::string effects;
    for (const std::string& e : s.effects)
      effects += (effects.empty() ? "" : "\n") + e;
    bool mpi = isMpi(i);
    bool bad = r.verdict == search::Verdict::Violation && i == last && blocked.empty();
    os << "<g class=\"event" << (mpi ? " mpi" : "") << (bad ? " violation" : "")
       << "\" data-step=\"" << i + 1 << "\" data-group=\"" << groups[i] + 1 << "\" data-lane=\""
       << laneName(l) << "\" data-where=\"" << esc(where) << "\" data-file=\"" << s.loc.file
       << "\" data-line=\"" << s.loc.line << "\" data-stmt=\"" << esc(s.stmt)
       << "\" data-effects=\"" << esc(effects) << "\"><circle cx=\"" << X(i) << "\" cy=\"" << Y(i)
       << "\" r=\""
       << (mpi || bad ? 5
           : full[i]  ? 3
                      : 2)
       << "\"/><title>" << i + 1 << ". " << esc(s.stmt) << "</title>";
    if (mpi || bad)
      os << "<text x=\"" << X(i) + 8 << "\" y=\"" << Y(i) + 4 << "\">"
         << esc(s.stmt.size() > 40 ? s.stmt.substr(0, 38) + "…" : s.stmt) << "</text>";
    os << "</g>\n";
    if (i == 0 || groups[i] != groups[i - 1]) // the step's number, at its first move
      os << "<text class=\"step-no\" x=\"4\" y=\"" << Y(i) + 4 << "\" fill=\"#999\">"
         << groups[i] + 1 << "</text>\n";
  }
  // a deadlock: each blocked process ends in a red event naming what it
  // waits for (the call it cannot complete)
  for (size_t l = 0; l < lanes.size(); ++l) {
    auto b = blocked.find(lanes[l].proc);
    if (b == blocked.end() || lanes[l].thread != 0)
      continue;
    int x = left + int(l) * laneW + laneW / 2, y = height - 40;
    std::string what = b->second, call = what.substr(0, what.find(' '));
    std::string at =
        what.find(" at ") == std::string::npos ? "" : what.substr(what.find(" at ") + 4);
    size_t file = 0;
    unsigned line = 0;
    for (size_t f = 0; f < p.files.size(); ++f) {
      const std::string& n = p.files[f];
      if (at.rfind(n + ":", 0) == 0) {
        file = f;
        line = unsigned(std::strtoul(at.c_str() + n.size() + 1, nullptr, 10));
      }
    }
    os << "<g class=\"event violation blocked\" data-step=\"end\" data-lane=\""
       << laneName(lanes[l]) << "\" data-where=\"" << esc(at) << "\" data-file=\"" << file
       << "\" data-line=\"" << line << "\" data-stmt=\"blocked: " << esc(what)
       << "\" data-effects=\"\"><circle cx=\"" << x << "\" cy=\"" << y
       << "\" r=\"6\"/><title>blocked: " << esc(what) << "</title><text class=\"blocked\" x=\"" << x
       << "\" y=\"" << y + 18 << "\" text-anchor=\"middle\">blocked: " << esc(call)
       << "</text></g>\n";
  }
  os << "</svg>\n</div>\n<div id=\"side\"><div id=\"details\">";
  if (r.verdict == search::Verdict::Verified) {
    // which annotations were checked: all the program states (verified
    // means every obligation of every one was discharged)
    os << "<b>verified</b>: every obligation of every property and annotation was "
          "discharged.<ul id=\"checked\">";
    for (const model::CollectiveAnnot& a : p.collectives)
      os << "<li>" << (a.joint ? "joint " : "collective ")
         << (a.kind == model::CollectiveKind::Invariant ? "invariant " : "assertion ") << esc(a.id)
         << " at " << esc(p.where(a.loc)) << "</li>";
    for (const model::Contract& c : p.contracts)
      os << "<li>contract of " << esc(p.func(c.func).name) << " at " << esc(p.where(c.loc))
         << "</li>";
    for (const model::LoopAnnot& l : p.loops)
      os << "<li>loop annotations at " << esc(p.where(l.loc)) << "</li>";
    for (const model::ParallelAssert& a : p.passerts)
      os << "<li>parallel assertion at " << esc(p.where(a.loc)) << "</li>";
    os << "<li>safety: assertions, memory, arithmetic, MPI usage, deadlock"
       << (threads ? ", data races" : "") << "</li></ul>";
    // termination (DESIGN-NOTES "Termination: fair components")
    if (r.terminates)
      os << "<div id=\"termination\"><b>terminates</b>: every explored execution terminates: "
            "the explored state graph has no fair cycle.</div>";
    else
      os << "<div id=\"termination\"><b>termination not promised</b>"
         << (r.terminationNote.empty() ? std::string(".") : ": " + esc(r.terminationNote) + ".")
         << "</div>";
  } else if (tr.empty()) {
    os << "no trace";
  }
  os << "</div>\n<div id=\"sources\">";
  // the source files of the steps and of the violation (not the headers
  // the trace never enters), the violating line marked
  std::set<size_t> shown;
  for (const exec::Step& s : tr)
    if (s.loc.valid())
      shown.insert(s.loc.file);
  if (r.violation && r.violation->loc.valid())
    shown.insert(r.violation->loc.file);
  if (shown.empty() && !p.files.empty())
    shown.insert(0);
  for (size_t f : shown) {
    if (f >= p.files.size())
      continue;
    std::ifstream in(p.files[f]);
    if (!in)
      continue;
    os << "<div class=\"file\">" << esc(p.files[f]) << "</div>\n";
    std::string line;
    for (unsigned n = 1; std::getline(in, line); ++n) {
      bool bad = r.violation && r.violation->loc.valid() && r.violation->loc.file == f &&
                 r.violation->loc.line == n;
      os << "<div class=\"ln" << (bad ? " bad" : "") << "\" id=\"src-" << f << "-" << n
         << "\"><span>" << n << "</span>" << esc(line) << "</div>\n";
    }
  }
  os << "</div>\n<div id=\"facts\" style=\"padding:6px 12px;border-top:1px solid #ccc\">";
  os << "<b>inputs</b>: ";
  if (r.inputs.empty())
    os << "(none)";
  for (const auto& [k, v] : r.inputs)
    os << esc(k) << " = " << esc(v) << "; ";
  std::ostringstream st;
  printStats(st, r);
  os << "<pre id=\"stats\">" << esc(st.str()) << "</pre></div></div>\n</main>\n<script>" << kScript
     << "</script>\n</body></html>\n";
}

} // namespace chorus::report
