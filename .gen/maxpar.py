import json
SRC="hadoop-yarn-project/hadoop-yarn/hadoop-yarn-server/hadoop-yarn-server-resourcemanager/src/test/java/org/apache/hadoop/yarn/server/resourcemanager/scheduler/capacity/TestCapacitySchedulerMaxParallelApps.java"
P="yarn.scheduler.capacity."
def base(id,title,method,extra,adapt):
    conf={P+"root.queues":"default",P+"root.default.capacity":"100",
          P+"resource-calculator":"org.apache.hadoop.yarn.util.resource.DominantResourceCalculator"}
    conf.update(extra)
    return {"id":id,"title":title,"category":"max-parallel-apps",
      "source":{"repo":"apache/hadoop","file":SRC,"method":method},
      "adaptation":adapt,
      "cluster":{"nodes":[{"id":h,"host":h,"rack":"/default-rack","memory_mb":4096,"vcores":8} for h in ("h1","h2","h3")]},
      "config":conf,"steps":[]}
def submit(i): return {"op":"submit_app","app":"app_%d"%i,"queue":"default","user":"testuser","am_memory_mb":512,"am_vcores":1,"expect":{"accepted":True}}
def common(sc):
    st=sc["steps"]
    for i in (1,2,3,4): st.append(submit(i))
    st.append({"op":"expect","queues":{"root":{"num_runnable_apps":2},"root.default":{"num_runnable_apps":2,"num_non_runnable_apps":2,"non_runnable_app_ids":["app_3","app_4"]}},
        "apps":{"app_1":{"state":"RUNNING","runnable":True},"app_2":{"state":"RUNNING","runnable":True},"app_3":{"state":"ACCEPTED","runnable":False},"app_4":{"state":"ACCEPTED","runnable":False}}})
def exceeded(sc):
    st=sc["steps"]
    st.append({"op":"finish_app","app":"app_1"})
    st.append({"op":"expect","queues":{"root":{"num_runnable_apps":2},"root.default":{"num_runnable_apps":2,"non_runnable_app_ids":["app_4"]}},
        "apps":{"app_3":{"state":"RUNNING","runnable":True},"app_4":{"state":"ACCEPTED","runnable":False}}})
    st.append({"op":"finish_app","app":"app_2"})
    st.append({"op":"expect","queues":{"root":{"num_runnable_apps":2},"root.default":{"num_runnable_apps":2,"num_non_runnable_apps":0}},
        "apps":{"app_3":{"state":"RUNNING"},"app_4":{"state":"RUNNING","runnable":True}}})
AD="MockRM's AM launch is modelled by activation (the engine marks an app RUNNING when it is activated; the AM container itself is not requested), so the test's RUNNING/ACCEPTED report counts are checked as the apps' states."
out={}
for (id,method,key,title) in [
  ("maxparallel-exceeds-queue-setting-01","testMaxParallelAppsExceedsQueueSetting",P+"root.default.max-parallel-apps","root.default.max-parallel-apps 2: app_3 and app_4 wait non-runnable and become runnable in order as app_1 and app_2 finish"),
  ("maxparallel-exceeds-default-queue-setting-01","testMaxParallelAppsExceedsDefaultQueueSetting",P+"max-parallel-apps","The scheduler-wide max-parallel-apps 2 applies to root.default"),
  ("maxparallel-exceeds-user-setting-01","testMaxParallelAppsExceedsUserSetting",P+"user.testuser.max-parallel-apps","user.testuser.max-parallel-apps 2 holds the user's third and fourth apps back"),
  ("maxparallel-exceeds-default-user-setting-01","testMaxParallelAppsExceedsDefaultUserSetting",P+"user.max-parallel-apps","The default user.max-parallel-apps 2 holds testuser's third and fourth apps back")]:
    sc=base(id,title,method,{key:"2"},AD)
    common(sc); exceeded(sc); out[id]=sc
sc=base("maxparallel-reload-config-01","Removing max-parallel-apps on refresh makes both waiting apps runnable","testMaxParallelAppsWhenReloadingConfig",{P+"root.default.max-parallel-apps":"2"},AD+" The test calls cs.reinitialize directly; the scenario uses a refresh step with the same change.")
common(sc)
sc["steps"].append({"op":"refresh","unset":[P+"root.default.max-parallel-apps"],"set":{P+"maximum-am-resource-percent":"1.0"},"expect":{"accepted":True}})
sc["steps"].append({"op":"expect","queues":{"root.default":{"num_runnable_apps":4,"num_non_runnable_apps":0}},"apps":{a:{"state":"RUNNING","runnable":True} for a in ("app_1","app_2","app_3","app_4")}})
out[sc["id"]]=sc
sc=base("maxparallel-max-apps-with-non-runnable-01","Non-runnable apps count towards maximum-applications: the fifth app is refused","testMaxAppsReachedWithNonRunnableApps",{P+"root.default.max-parallel-apps":"2",P+"root.default.maximum-applications":"4"},AD)
common(sc)
sc["steps"].append({"op":"submit_app","app":"app_5","queue":"default","user":"testuser","am_memory_mb":512,"am_vcores":1,"expect":{"accepted":False,"error_contains_any":["Queue root.default already has 4 applications"]}})
sc["steps"].append({"op":"expect","apps":{"app_5":{"state":"FAILED"}}})
out[sc["id"]]=sc
for id,sc in out.items():
    json.dump(sc,open("testdata/scenarios/%s.json"%id,"w"),indent=2); open("testdata/scenarios/%s.json"%id,"a").write("\n")
