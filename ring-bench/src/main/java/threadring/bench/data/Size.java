package threadring.bench.data;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import threadring.core.FanOutBenchmark;
import threadring.core.RendezvousBenchmark;
import threadring.core.RingBenchmark;
import threadring.core.Shape;
import threadring.core.Workload;

/**
 * What one series of a workload measures besides the id: the ring's shape, the rendezvous (no
 * parameter of its own: its values per pass are steps, like the ring's hops), the fan-out's tasks,
 * delay and work, the echo server's connections. A sweep plans one job per model and size, the
 * job carries it whole into run.json, and the report makes a table of each.
 */
public sealed interface Size permits Size.Ring, Size.Rendezvous, Size.FanOut, Size.Echo {

    Workload workload();

    /** The series in words, e.g. {@code ring nodes=503}, {@code fanout tasks=100000 delay_ms=100 work=0}. */
    String describe();

    /** Its part of a job's file names (after the model); {@code steps}: a pass's size, or {@code auto}. */
    String file(String steps);

    /** What the console says a job of it runs; {@code steps}: a pass's size, or {@code calibrated}. */
    default String describe(String steps) {
        return describe();
    }

    /**
     * The JMH benchmark that measures it ({@code <class>.<method>}); for the echo server, which wrk
     * loads from outside any JVM, the name its jobs carry instead.
     */
    String benchmark();

    /** The benchmark's {@code @Param} values for a pass of {@code steps} steps (none for the echo server). */
    Map<String, String> params(int steps);

    /** How many concurrent entities live at once (nodes, tasks): the forks' heap is sized by it. */
    int population();

    /** Its parameters in order, which order a workload's series. */
    List<Integer> key();

    /** Whether a pass's size is calibrated per id when the run does not fix it (the ring and the rendezvous). */
    default boolean calibrated() {
        return false;
    }

    /** A ring of this shape. */
    record Ring(int nodes, int tokens, int depth, int work) implements Size {
        public static Ring of(Shape s) {
            return new Ring(s.nodes(), s.tokens(), s.depth(), s.work());
        }

        public Shape shape() {
            return new Shape(nodes, tokens, depth, work);
        }

        @Override
        public Workload workload() {
            return Workload.RING;
        }

        @Override
        public String describe() {
            return "ring " + shape();
        }

        @Override
        public String describe(String steps) {
            return describe() + " hops=" + steps;
        }

        @Override
        public String file(String steps) {
            return steps + "-n" + nodes + "-t" + tokens + "-d" + depth + "-w" + work;
        }

        @Override
        public String benchmark() {
            return RingBenchmark.class.getName() + ".pass";
        }

        @Override
        public Map<String, String> params(int steps) {
            Map<String, String> p = new LinkedHashMap<>();
            p.put("hops", String.valueOf(steps));
            p.put("nodes", String.valueOf(nodes));
            p.put("tokens", String.valueOf(tokens));
            p.put("depth", String.valueOf(depth));
            p.put("work", String.valueOf(work));
            return p;
        }

        @Override
        public int population() {
            return nodes;
        }

        @Override
        public List<Integer> key() {
            return List.of(nodes, tokens, depth, work);
        }

        @Override
        public boolean calibrated() {
            return true;
        }
    }

    /** The two-party rendezvous. */
    record Rendezvous() implements Size {
        @Override
        public Workload workload() {
            return Workload.RENDEZVOUS;
        }

        @Override
        public String describe() {
            return "rendezvous";
        }

        @Override
        public String describe(String steps) {
            return "rendezvous values=" + steps;
        }

        @Override
        public String file(String steps) {
            return "rendezvous-" + steps;
        }

        @Override
        public String benchmark() {
            return RendezvousBenchmark.class.getName() + ".exchange";
        }

        @Override
        public Map<String, String> params(int steps) {
            return Map.of("values", String.valueOf(steps));
        }

        @Override
        public int population() {
            return 2;
        }

        @Override
        public List<Integer> key() {
            return List.of();
        }

        @Override
        public boolean calibrated() {
            return true;
        }
    }

    /** One fan-out series: tasks per operation, each task's wait and its consumeCPU work. */
    record FanOut(int tasks, int delayMs, int work) implements Size {
        @Override
        public Workload workload() {
            return Workload.FANOUT;
        }

        @Override
        public String describe() {
            return "fanout " + this;
        }

        @Override
        public String file(String steps) {
            return "fanout-t" + tasks + "-d" + delayMs + "-w" + work;
        }

        @Override
        public String benchmark() {
            return FanOutBenchmark.class.getName() + ".run";
        }

        @Override
        public Map<String, String> params(int steps) {
            Map<String, String> p = new LinkedHashMap<>();
            p.put("tasks", String.valueOf(tasks));
            p.put("delayMs", String.valueOf(delayMs));
            p.put("work", String.valueOf(work));
            return p;
        }

        @Override
        public int population() {
            return tasks;
        }

        @Override
        public List<Integer> key() {
            return List.of(tasks, delayMs, work);
        }

        @Override
        public String toString() {
            return "tasks=" + tasks + " delay_ms=" + delayMs + " work=" + work;
        }
    }

    /** The echo server under wrk with this many connections open. */
    record Echo(int connections) implements Size {
        /** Not JMH: the name the echo server's jobs carry in place of a benchmark. */
        public static final String LOAD = "threadring.bench.echo.EchoLoad.wrk";

        @Override
        public Workload workload() {
            return Workload.ECHO;
        }

        @Override
        public String describe() {
            return "echo connections=" + connections;
        }

        @Override
        public String file(String steps) {
            return "echo-c" + connections;
        }

        @Override
        public String benchmark() {
            return LOAD;
        }

        @Override
        public Map<String, String> params(int steps) {
            return Map.of();
        }

        @Override
        public int population() {
            return connections;
        }

        @Override
        public List<Integer> key() {
            return List.of(connections);
        }
    }
}
