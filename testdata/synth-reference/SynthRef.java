// SynthRef prints the jobs SLS 3.4's SynthTraceJobProducer generates from a
// SYNTH description (flattened by flatten.py), using the real
// java.util.Random and commons-math3 3.6.1 classes SLS uses. It mirrors the
// draw order of SynthTraceJobProducer (Trace/Workload/JobDefinition.init,
// createStory, getNextJob), SynthJob's constructor and SynthUtils; it is how
// the expected outputs beside it were made. It is not part of capq's build.
//
//   python3 flatten.py syn.json | java -cp /usr/share/java/commons-math3.jar SynthRef.java jobs
//   java -cp /usr/share/java/commons-math3.jar SynthRef.java generators
import java.util.*;
import org.apache.commons.math3.distribution.*;
import org.apache.commons.math3.random.*;

public class SynthRef {
  static Scanner in;

  static class Sample {
    char mode; double val, std; String dist; List<String> discrete = new ArrayList<>(); List<Double> weights = new ArrayList<>();
    AbstractRealDistribution inst; JDKRandomGenerator rand;
    static Sample read() {
      Sample s = new Sample();
      s.mode = in.next().charAt(0);
      switch (s.mode) {
        case 'N': return null;
        case 'C': s.val = Double.parseDouble(in.next()); break;
        case 'D': s.val = Double.parseDouble(in.next()); s.std = Double.parseDouble(in.next()); s.dist = in.next(); break;
        case 'K': int n = in.nextInt();
          for (int i = 0; i < n; i++) s.discrete.add(in.next());
          for (int i = 0; i < n; i++) s.weights.add(Double.parseDouble(in.next()));
      }
      return s;
    }
    void init(JDKRandomGenerator r) {
      rand = r;
      if (mode == 'D') inst = dist.equals("NORM") ? normal(r, val, std) : logNormal(r, val, std);
    }
    String getString() {
      switch (mode) {
        case 'C': return Double.toString(val);
        case 'D': return Double.toString(inst.sample());
        default: return discrete.get(getWeighted(weights, rand));
      }
    }
    double getDouble() { return Double.parseDouble(getString()); }
    long getLong() { return Math.round(getDouble()); }
    int getInt() { return Math.toIntExact(getLong()); }
  }

  // A distribution seeded from the shared Random, as SynthUtils builds it:
  // none (and no seed drawn) for a non-positive mean, std 0 meaning mean/6.
  static AbstractRealDistribution normal(JDKRandomGenerator shared, double m, double sd) {
    if (!(m > 0)) return null;
    double s = sd == 0 ? m / 6 : sd;
    AbstractRealDistribution d = new NormalDistribution(m, s, NormalDistribution.DEFAULT_INVERSE_ABSOLUTE_ACCURACY);
    d.reseedRandomGenerator(shared.nextLong());
    return d;
  }

  // The log-normal whose mean and standard deviation are m and sd.
  static AbstractRealDistribution logNormal(JDKRandomGenerator shared, double m, double sd) {
    if (!(m > 0)) return null;
    double s = sd == 0 ? m / 6 : sd;
    double shape2 = Math.log1p((s * s) / (m * m));
    AbstractRealDistribution d = new LogNormalDistribution(Math.log(m) - shape2 / 2, Math.sqrt(shape2),
        LogNormalDistribution.DEFAULT_INVERSE_ABSOLUTE_ACCURACY);
    d.reseedRandomGenerator(shared.nextLong());
    return d;
  }

  // The first index whose running weight sum exceeds a uniform draw over the
  // total; the list's size when none does.
  static int getWeighted(List<Double> ws, Random r) {
    double total = 0;
    for (double w : ws) total += w;
    double x = r.nextDouble() * total;
    double run = 0;
    for (int i = 0; i < ws.size(); i++) {
      run += ws.get(i);
      if (run > x) return i;
    }
    return ws.size();
  }

  static class Task { String type; int priority; Sample count, time, mem, vcores; }
  static class Job { String name, user, type; double weight; Sample deadline, duration, reservation; List<Task> tasks = new ArrayList<>(); }
  static class Workload {
    String name, queue; double weight; List<Job> classes = new ArrayList<>(); int[] times; List<Double> timeWeights = new ArrayList<>(), jobWeights = new ArrayList<>();
  }
  static class Story { long t; String queue; Job job; Story(long t, String q, Job j) { this.t = t; queue = q; job = j; } }

  public static void main(String[] args) {
    if (args[0].equals("generators")) { generators(); return; }
    in = new Scanner(System.in);
    int numJobs = in.nextInt();
    long seed = in.nextLong();
    int nw = in.nextInt();
    List<Workload> wls = new ArrayList<>();
    for (int i = 0; i < nw; i++) {
      Workload w = new Workload();
      w.name = in.next(); w.weight = Double.parseDouble(in.next()); w.queue = in.next();
      int nc = in.nextInt();
      for (int j = 0; j < nc; j++) {
        Job jb = new Job();
        jb.name = in.next(); jb.user = in.next(); jb.weight = Double.parseDouble(in.next()); jb.type = in.next();
        jb.deadline = Sample.read(); jb.duration = Sample.read(); jb.reservation = Sample.read();
        int nt = in.nextInt();
        for (int k = 0; k < nt; k++) {
          Task t = new Task();
          t.type = in.next(); t.priority = in.nextInt();
          t.count = Sample.read(); t.time = Sample.read(); t.mem = Sample.read(); t.vcores = Sample.read();
          jb.tasks.add(t);
        }
        w.classes.add(jb);
      }
      int nt = in.nextInt();
      w.times = new int[nt];
      for (int k = 0; k < nt; k++) { w.times[k] = in.nextInt(); w.timeWeights.add(Double.parseDouble(in.next())); }
      wls.add(w);
    }
    JDKRandomGenerator rand = new JDKRandomGenerator();
    rand.setSeed(seed);
    // Trace.init, Workload.init, JobDefinition.init
    List<Double> wWeights = new ArrayList<>();
    for (Workload w : wls) {
      for (Job j : w.classes) {
        j.deadline.init(rand); j.duration.init(rand); j.reservation.init(rand);
        for (Task t : j.tasks) { t.count.init(rand); t.time.init(rand); t.mem.init(rand); t.vcores.init(rand); }
      }
      for (Job j : w.classes) w.jobWeights.add(j.weight);
    }
    for (Workload w : wls) wWeights.add(w.weight);
    // createStory
    PriorityQueue<Story> q = new PriorityQueue<>(numJobs, (o1, o2) -> Math.toIntExact(o1.t - o2.t));
    for (int i = 0; i < numJobs; i++) {
      Workload wl = wls.get(getWeighted(wWeights, rand));
      int index = getWeighted(wl.timeWeights, rand);
      int start = wl.times[index];
      index = (index + 1) < wl.times.length ? index + 1 : index;
      int end = wl.times[index];
      int range = end - start;
      long t = start + (range > 0 ? rand.nextInt(range) : 0);
      Job job = wl.classes.get(getWeighted(wl.jobWeights, rand));
      q.add(new Story(t, wl.queue, job));
    }
    // getNextJob -> SynthJob
    for (int id = 0; id < numJobs; id++) {
      Story s = q.poll();
      Job jd = s.job;
      long duration = jd.duration.getInt() * 1000L;
      boolean hasDeadline = rand.nextDouble() <= jd.reservation.getDouble();
      double dfs = jd.deadline.getDouble();
      long submit = s.t * 1000L;
      long deadline = hasDeadline ? submit + (long) Math.ceil(dfs * duration) : -1;
      long js = rand.nextLong();
      rand.setSeed(js);
      String name = String.format(jd.name + "_%06d", id);
      System.out.printf("job %s queue=%s user=%s type=%s submit_ms=%d duration_ms=%d deadline_ms=%d%n",
          name, s.queue, jd.user, jd.type, submit, duration, deadline);
      for (Task t : jd.tasks) {
        int num = t.count.getInt();
        long mem = Math.max(t.mem.getLong(), 1024);
        long vc = Math.max(t.vcores.getLong(), 1);
        for (int i = 0; i < num; i++) {
          System.out.printf("  task %s time=%d memory_mb=%d vcores=%d priority=%d%n", t.type, t.time.getLong(), mem, vc, t.priority);
        }
      }
    }
  }

  // generators prints the raw draws the Go generators are pinned to.
  static void generators() {
    Random r = new Random(42);
    System.out.println("Random(42).nextInt x5: " + r.nextInt() + " " + r.nextInt() + " " + r.nextInt() + " " + r.nextInt() + " " + r.nextInt());
    r = new Random(42);
    System.out.println("Random(42).nextDouble x3: " + r.nextDouble() + " " + r.nextDouble() + " " + r.nextDouble());
    r = new Random(42);
    System.out.println("Random(42).nextLong x3: " + r.nextLong() + " " + r.nextLong() + " " + r.nextLong());
    r = new Random(42);
    System.out.println("Random(42).nextInt(10) x5: " + r.nextInt(10) + " " + r.nextInt(10) + " " + r.nextInt(10) + " " + r.nextInt(10) + " " + r.nextInt(10));
    r = new Random(-7);
    System.out.println("Random(-7).nextInt(59) x3, nextInt(64), nextInt(1000000007): " + r.nextInt(59) + " " + r.nextInt(59) + " " + r.nextInt(59) + " " + r.nextInt(64) + " " + r.nextInt(1000000007));
    JDKRandomGenerator j = new JDKRandomGenerator();
    j.setSeed(2L);
    long a = j.nextLong(); j.setSeed(a);
    System.out.println("JDKRandomGenerator(2): nextLong, reseed, nextDouble: " + a + " " + j.nextDouble());
    Well19937c w = new Well19937c(12345L);
    System.out.println("Well19937c(12345L).nextInt x3: " + w.nextInt() + " " + w.nextInt() + " " + w.nextInt());
    w = new Well19937c(-8000000000L);
    System.out.println("Well19937c(-8000000000L).nextDouble x2: " + w.nextDouble() + " " + w.nextDouble());
    w = new Well19937c(12345L);
    System.out.println("Well19937c(12345L).nextGaussian x3: " + w.nextGaussian() + " " + w.nextGaussian() + " " + w.nextGaussian());
    w = new Well19937c(new int[] {0x123, 0x234, 0x345, 0x456});
    System.out.println("Well19937c({0x123,0x234,0x345,0x456}).nextInt x3: " + w.nextInt() + " " + w.nextInt() + " " + w.nextInt());
    LogNormalDistribution ln = new LogNormalDistribution(2.0, 0.5, LogNormalDistribution.DEFAULT_INVERSE_ABSOLUTE_ACCURACY);
    ln.reseedRandomGenerator(99L);
    System.out.println("LogNormal(2,0.5) seed 99 x3: " + ln.sample() + " " + ln.sample() + " " + ln.sample());
    NormalDistribution nd = new NormalDistribution(10.0, 2.0, NormalDistribution.DEFAULT_INVERSE_ABSOLUTE_ACCURACY);
    nd.reseedRandomGenerator(99L);
    System.out.println("Normal(10,2) seed 99 x3: " + nd.sample() + " " + nd.sample() + " " + nd.sample());
    System.out.println("Math.round: " + Math.round(0.49999999999999994) + " " + Math.round(-2.5) + " " + Math.round(2.5) + " " + Math.round(Double.NaN) + " " + Math.round(1e19) + " " + Math.round(-1e19));
  }
}
