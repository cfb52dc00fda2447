"""Flatten a SYNTH description into the token stream SynthRef.java reads.

Old-format job classes become tasks as SynthTraceJobProducer.validateJobDef
converts them. Strings must not contain spaces.
"""
import json
import sys


def sample(s):
    if s is None:
        return ["N"]
    if "val" in s and s["val"] is not None:
        if s.get("std") is None:
            return ["C", repr(float(s["val"]))]
        return ["D", repr(float(s["val"])), repr(float(s["std"])), s.get("dist") or "LOGNORM"]
    d = s["discrete"]
    w = s.get("weights") or [1.0] * len(d)
    return ["K", str(len(d))] + [str(x) for x in d] + [repr(float(x)) for x in w]


def dist(avg, std):
    return {"val": avg, "std": std}


def job(j):
    if j.get("tasks") is None:  # validateJobDef
        g = lambda k: j.get(k, 0)
        j = dict(j, type="mapreduce",
                 deadline_factor=dist(g("deadline_factor_avg"), g("deadline_factor_stddev")),
                 duration=dist(g("dur_avg"), g("dur_stddev")),
                 reservation={"val": g("chance_of_reservation")},
                 tasks=[{"type": "map", "priority": 20,
                         "count": dist(g("mtasks_avg"), g("mtasks_stddev")),
                         "time": dist(g("mtime_avg"), g("mtime_stddev")),
                         "max_memory": dist(g("map_max_memory_avg"), g("map_max_memory_stddev")),
                         "max_vcores": dist(g("map_max_vcores_avg"), g("map_max_vcores_stddev"))},
                        {"type": "reduce", "priority": 10,
                         "count": dist(g("rtasks_avg"), g("rtasks_stddev")),
                         "time": dist(g("rtime_avg"), g("rtime_stddev")),
                         "max_memory": dist(g("reduce_max_memory_avg"), g("reduce_max_memory_stddev")),
                         "max_vcores": dist(g("reduce_max_vcores_avg"), g("reduce_max_vcores_stddev"))}])
    out = [j["class_name"], j.get("user_name") or "null", repr(float(j.get("class_weight", 0))), j.get("type") or "null"]
    for k in ("deadline_factor", "duration", "reservation"):
        out += sample(j.get(k))
    out.append(str(len(j["tasks"])))
    for t in j["tasks"]:
        out += [t["type"], str(t.get("priority", 0))]
        for k in ("count", "time", "max_memory", "max_vcores"):
            out += sample(t.get(k))
    return out


def main():
    tr = json.load(open(sys.argv[1]))
    out = [str(tr["num_jobs"]), str(tr.get("rand_seed", 0)), str(len(tr["workloads"]))]
    for w in tr["workloads"]:
        out += [w.get("workload_name") or "null", repr(float(w.get("workload_weight", 0))), w["queue_name"], str(len(w["job_classes"]))]
        for j in w["job_classes"]:
            out += job(j)
        out.append(str(len(w["time_distribution"])))
        for t in w["time_distribution"]:
            out += [str(t["time"]), repr(float(t["weight"]))]
    print(" ".join(out))


main()
