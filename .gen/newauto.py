import json
SRC="hadoop-yarn-project/hadoop-yarn/hadoop-yarn-server/hadoop-yarn-server-resourcemanager/src/test/java/org/apache/hadoop/yarn/server/resourcemanager/scheduler/capacity/TestCapacitySchedulerNewQueueAutoCreation.java"
P="yarn.scheduler.capacity."
GB=1024
AD="The test calls CapacitySchedulerQueueManager.createQueue directly; the scenario submits an app to the new path, which creates the same queues (CapacityScheduler.getOrCreateQueueFromPlacementContext). Effective minimum resources are checked in MB."
def base(id,title,method,extra=None,unset=()):
    conf={P+"root.queues":"a,b",P+"root.capacity":"1w",P+"root.a.capacity":"1w",P+"root.b.capacity":"1w",
          P+"root.a.queues":"a1",P+"root.a.a1.capacity":"1w",
          P+"root.auto-queue-creation-v2.enabled":"true",P+"root.a.auto-queue-creation-v2.enabled":"true",
          P+"root.e.auto-queue-creation-v2.enabled":"true",
          P+"auto-queue-creation-v2.queue-expiration-time":"1"}
    for k in unset: conf.pop(k,None)
    conf.update(extra or {})
    return {"id":id,"title":title,"category":"auto-created-queues",
      "source":{"repo":"apache/hadoop","file":SRC,"method":method},"adaptation":AD,
      "cluster":{"nodes":[{"id":"h1","host":"h1","rack":"/default-rack","memory_mb":1200*GB,"vcores":1200}]},
      "config":conf,"steps":[]}
n=[0]
def create(sc,path,created=None,ok=True,err=None,code=None):
    n[0]+=1
    st={"op":"submit_app","app":"app_%d"%n[0],"queue":path,"user":"u","am_memory_mb":1024,"am_vcores":1}
    ex={"accepted":ok}
    if ok: ex["queue"]=path
    if created is not None: ex["auto_created"]=created
    if err: ex["error_contains_any"]=[err]
    if code: ex["reason_code"]=code
    st["expect"]=ex
    sc["steps"].append(st)
def q(sc,**qs):
    sc["steps"].append({"op":"expect","queues":{k.replace("_DOT_",".").replace("__","-"):v for k,v in qs.items()}})
def Q(abscap,w,mb,**kw):
    d={"absolute_capacity":abscap,"weight":w,"effective_min_resource":{"memory_mb":mb},"auto_created":True}
    d.update(kw); return d
out=[]
def basic(sc):
    create(sc,"root.c-auto",["root.c-auto"])
    sc["steps"].append({"op":"expect","queues":{"root.c-auto":Q(1/3,1,400*GB,user_limit_factor=-1,max_am_resource_percent=1)}})
    create(sc,"root.d-auto",["root.d-auto"])
    sc["steps"].append({"op":"expect","queues":{"root.d-auto":Q(1/4,1,300*GB),"root.c-auto":Q(1/4,1,300*GB)}})
    create(sc,"root.a.a2-auto",["root.a.a2-auto"])
    sc["steps"].append({"op":"expect","queues":{"root.a.a2-auto":Q(1/8,1,150*GB)}})
    create(sc,"root.e-auto.e1-auto",["root.e-auto","root.e-auto.e1-auto"])
    sc["steps"].append({"op":"expect","queues":{"root.e-auto":Q(1/5,1,240*GB),"root.e-auto.e1-auto":Q(1/5,1,240*GB)}})

sc=base("newqueue-autocreate-siblings-under-root-01","Dynamic queues under root share it by weight: c-auto gets 1/3 (400 GB), then c-auto and d-auto 1/4 (300 GB) each","testAutoCreateQueueWithSiblingsUnderRoot")
n[0]=0
create(sc,"root.c-auto",["root.c-auto"])
sc["steps"].append({"op":"expect","queues":{"root.c-auto":Q(1/3,1,400*GB)}})
create(sc,"root.d-auto",["root.d-auto"])
sc["steps"].append({"op":"expect","queues":{"root.d-auto":Q(1/4,1,300*GB),"root.c-auto":Q(1/4,1,300*GB)}})
out.append(sc)

sc=base("newqueue-autocreate-static-parent-one-level-01","A dynamic leaf next to a1 under root.a gets a quarter of the cluster","testAutoCreateQueueStaticParentOneLevel"); n[0]=0
create(sc,"root.a.a2-auto",["root.a.a2-auto"])
sc["steps"].append({"op":"expect","queues":{"root.a.a2-auto":Q(1/4,1,300*GB)}})
out.append(sc)

sc=base("newqueue-autocreate-auto-parent-two-levels-01","A dynamic parent a2-auto with one, then two dynamic children (1/4, then 1/8 each)","testAutoCreateQueueAutoParentTwoLevelsWithSiblings",{P+"root.a.a2-auto.auto-queue-creation-v2.enabled":"true"}); n[0]=0
create(sc,"root.a.a2-auto.a3-auto",["root.a.a2-auto","root.a.a2-auto.a3-auto"])
sc["steps"].append({"op":"expect","queues":{"root.a.a2-auto.a3-auto":Q(1/4,1,300*GB)}})
create(sc,"root.a.a2-auto.a4-auto",["root.a.a2-auto.a4-auto"])
sc["steps"].append({"op":"expect","queues":{"root.a.a2-auto.a3-auto":Q(1/8,1,150*GB),"root.a.a2-auto.a4-auto":Q(1/8,1,150*GB)}})
out.append(sc)

sc=base("newqueue-autocreate-fail-non-parent-01","A leaf (root.a.a1) cannot get dynamic children","testAutoCreateQueueShouldFailWhenNonParentQueue"); n[0]=0
create(sc,"root.a.a1.a2-auto",ok=False,err="Could not auto create hierarchy of root.a.a1.a2-auto. Queue root.a.a1 is not a ParentQueue.",code="AUTO_CREATE_NOT_ALLOWED")
sc["steps"][-1]["expect"]["queues_absent"]=["root.a.a1.a2-auto"]
out.append(sc)

sc=base("newqueue-autocreate-siblings-not-weight-01","In legacy queue mode a dynamic child needs weight siblings: a1 at 100% refuses a2-auto","testAutoCreateQueueWhenSiblingsNotInWeightMode",
  {P+"root.a.capacity":"50",P+"root.b.capacity":"50",P+"root.a.a1.capacity":"100"},unset=(P+"root.capacity",)); n[0]=0
sc["adaptation"]=AD+" The test reinitializes to percentages after startup; the scenario starts with them. root's own 1w is left out so the file mixes no modes."
create(sc,"root.a.a2-auto",ok=False,err="Trying to create new queue=root.a.a2-auto but not all the queues under parent=root.a are using weight-based capacity. Failed to created queue",code="AUTO_CREATE_NOT_ALLOWED")
out.append(sc)

sc=base("newqueue-autocreate-max-depth-01","maximum-queue-depth: 3 new levels fail at the default 2, pass with root.a's 3 or the global 3; a depth set on a dynamic queue has no effect","testAutoCreateMaximumQueueDepth"); n[0]=0
create(sc,"root.a.a3-auto.a4-auto.a5-auto",ok=False,err="Could not auto create queue root.a.a3-auto.a4-auto.a5-auto. The distance of the LeafQueue from the first static ParentQueue is 3, which is above the limit.",code="AUTO_CREATE_DEPTH_EXCEEDED")
sc["steps"].append({"op":"refresh","set":{P+"root.a.auto-queue-creation-v2.maximum-queue-depth":"3"},"expect":{"accepted":True}})
create(sc,"root.a.a3-auto.a4-auto.a5-auto",["root.a.a3-auto","root.a.a3-auto.a4-auto","root.a.a3-auto.a4-auto.a5-auto"])
sc["steps"].append({"op":"refresh","set":{P+"auto-queue-creation-v2.maximum-queue-depth":"3"},"unset":[P+"root.a.auto-queue-creation-v2.maximum-queue-depth"],"expect":{"accepted":True}})
create(sc,"root.a.a6-auto.a7-auto.a8-auto",["root.a.a6-auto","root.a.a6-auto.a7-auto","root.a.a6-auto.a7-auto.a8-auto"])
sc["steps"].append({"op":"refresh","set":{P+"root.a.a6-auto.a7-auto.a8-auto.auto-queue-creation-v2.maximum-queue-depth":"10"},"expect":{"accepted":True}})
create(sc,"root.a.a6-auto.a7-auto.a8-auto.a9-auto.a10-auto.a11-auto",ok=False)
out.append(sc)

sc=base("newqueue-autocreate-not-enabled-01","Without auto-queue-creation-v2.enabled on root, root.c-auto is refused","testAutoCreateQueueShouldFailIfNotEnabledForParent",{P+"root.auto-queue-creation-v2.enabled":"false"}); n[0]=0
create(sc,"root.c-auto",ok=False,err="Auto creation of queue root.c-auto is not enabled under parent root",code="AUTO_CREATE_NOT_ALLOWED")
sc["steps"][-1]["expect"]["queues_absent"]=["root.c-auto"]
out.append(sc)

sc=base("newqueue-autocreate-refresh-01","The basic dynamic structure (c-auto, d-auto, a2-auto, e-auto.e1-auto) with its weights survives a refresh: root keeps 5 children","testAutoCreateQueueRefresh"); n[0]=0
basic(sc)
sc["steps"].append({"op":"refresh","set":{},"expect":{"accepted":True}})
sc["steps"].append({"op":"expect","queues":{"root":{"children":["a","b","c-auto","d-auto","e-auto"]},"root.c-auto":Q(1/5,1,240*GB)}})
out.append(sc)

sc=base("newqueue-convert-dynamic-to-static-01","root.a's weight 6 gives it 6/10 (720 GB); listing c-auto with weight 6 makes it static with 6/15 (480 GB)","testConvertDynamicToStaticQueue"); n[0]=0
basic(sc)
sc["steps"].append({"op":"refresh","set":{P+"root.a.capacity":"6w"},"expect":{"accepted":True}})
sc["steps"].append({"op":"expect","queues":{"root":{"children":["a","b","c-auto","d-auto","e-auto"]},"root.a":{"absolute_capacity":0.6,"weight":6,"effective_min_resource":{"memory_mb":720*GB}}}})
sc["steps"].append({"op":"refresh","set":{P+"root.queues":"a,b,c-auto",P+"root.c-auto.capacity":"6w"},"expect":{"accepted":True}})
sc["steps"].append({"op":"expect","queues":{"root.c-auto":{"absolute_capacity":6/15,"weight":6,"effective_min_resource":{"memory_mb":480*GB},"auto_created":False}}})
out.append(sc)

for sc in out:
    f="testdata/scenarios/%s.json"%sc["id"]
    json.dump(sc,open(f,"w"),indent=2); open(f,"a").write("\n")
    print(f)
