"""check_sarif.py LOG VERDICT [KIND LINE FLOWS]: structural checks of a
chorus SARIF 2.1.0 log; prints 'ok ...' or fails."""
import json
import sys

log = json.load(open(sys.argv[1]))
assert log["version"] == "2.1.0", log.get("version")
run = log["runs"][0]
assert run["tool"]["driver"]["name"] == "chorus"
verdict = run["properties"]["verdict"]
assert verdict == sys.argv[2], verdict
results = run["results"]
if verdict != "violation":
    assert results == [], results
    print("ok", verdict)
    sys.exit(0)
assert len(results) == 1
res = results[0]
kind, line, flows = sys.argv[3], int(sys.argv[4]), int(sys.argv[5])
assert res["ruleId"] == kind and res["level"] == "error"
assert any(r["id"] == kind for r in run["tool"]["driver"]["rules"])
region = res["locations"][0]["physicalLocation"]["region"]
assert region["startLine"] == line, region
tfs = res["codeFlows"][0]["threadFlows"]
assert len(tfs) == flows, len(tfs)
orders = sorted(l["executionOrder"] for tf in tfs for l in tf["locations"])
assert orders == list(range(1, len(orders) + 1)), orders
print("ok", verdict, kind, "line", line, "flows", len(tfs))
