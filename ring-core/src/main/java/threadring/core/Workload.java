package threadring.core;

import java.lang.reflect.RecordComponent;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The experiments a variant can run: the thread ring, the two-party rendezvous, the fan-out (all
 * three measured in JMH) and the echo server (measured under a load from outside the JVM); and
 * {@link Size}, what one series of each measures besides the id. A workload and its size live
 * in one file so that the compiler sees the whole family at once.
 */
public enum Workload {
    /** {@link threadring.core.Ring}: a token passed around N nodes; timed per hop. */
    RING("hop", "ring", Size.Scale.NS_PER_STEP),
    /** {@link threadring.core.Rendezvous}: a sender and a receiver meet M times; timed per exchanged value. */
    RENDEZVOUS("exchange", "rendezvous", Size.Scale.NS_PER_STEP),
    /** {@link threadring.core.FanOut}: T tasks each wait D ms, work and complete; timed per operation. */
    FANOUT("operation", "fan-out", Size.Scale.MS_PER_OPERATION),
    /** {@link EchoServer}: an HTTP/1.1 echo server under load; measured in requests per second. */
    ECHO("request", "echo server", Size.Scale.PER_SECOND);

    private final String unit;
    private final String title;
    private final Size.Scale scale;

    Workload(String unit, String title, Size.Scale scale) {
        this.unit = unit;
        this.title = title;
        this.scale = scale;
    }

    /** Its name in a sentence: {@code ring}, {@code rendezvous}, {@code fan-out}, {@code echo server}. */
    public String title() {
        return title;
    }

    /** The name on the command line and in results: {@code ring}, {@code rendezvous}, {@code fanout}, {@code echo}. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** What one step of a run is: per {@code hop}, per {@code exchange}, per whole {@code operation}, per {@code request}. */
    public String unit() {
        return unit;
    }

    /** The record of this workload's size (run.json tags it with the constant's name). */
    public Class<? extends Size> sizeType() {
        return switch (this) {
            case RING -> Size.Ring.class;
            case RENDEZVOUS -> Size.Rendezvous.class;
            case FANOUT -> Size.FanOut.class;
            case ECHO -> Size.Echo.class;
        };
    }

    /** @throws IllegalArgumentException naming the accepted labels */
    public static Workload of(String label) {
        return Arrays.stream(values()).filter(w -> w.label().equals(label)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("workload must be one of "
                        + Arrays.stream(values()).map(Workload::label).collect(Collectors.joining(", "))
                        + ", was '" + label + "'"));
    }

    /** A workload opened without arguments, with the type it opens: the key of {@link RingFactory#open(Opened)}. */
    public record Opened<T extends AutoCloseable>(Workload workload, Class<T> type) {
        public static final Opened<Rendezvous> RENDEZVOUS = new Opened<>(Workload.RENDEZVOUS, Rendezvous.class);
        public static final Opened<FanOut> FANOUT = new Opened<>(Workload.FANOUT, FanOut.class);
        public static final Opened<EchoServer> ECHO = new Opened<>(Workload.ECHO, EchoServer.class);
    }

    /**
     * What one series of a workload measures besides the id: the ring's nodes, tokens, depth and
     * work; the rendezvous (its values per pass are steps, like the ring's hops); the fan-out's
     * tasks, delay and work; the echo server's connections. A size names itself, opens its
     * workload on an implementation ({@link #open}) and says how a row of it reads; a sweep carries
     * it whole from plan to report. Two kinds: {@link Timed} (JMH times verified passes of it) and
     * {@link Served} (a load from outside the JVM measures a server).
     */
    public sealed interface Size {

        /** The workload whose size it is. */
        default Workload workload() {
            return Arrays.stream(values()).filter(w -> w.sizeType() == getClass()).findFirst().orElseThrow();
        }

        /** What one step is: {@code hop}, {@code exchange}, {@code operation} or {@code request}. */
        default String unit() {
            return workload().unit();
        }

        /** How its rows read. */
        default Scale scale() {
            return workload().scale;
        }

        /** The series in words, e.g. {@code ring nodes=503}, {@code fanout tasks=100000 delay_ms=100 work=0}. */
        String describe();

        /** What the console says a job of it runs; {@code steps}: a pass's size, or {@code calibrated}. */
        default String describe(String steps) {
            return describe();
        }

        /** A check of it with {@code steps} steps, as {@code check} prints it, e.g. {@code nodes=503 hops=1000}. */
        String arguments(int steps);

        /** Its part of a job's file names (after the model); {@code steps}: a pass's size, or {@code auto}. */
        String file(String steps);

        /** How many concurrent entities live at once (nodes, tasks, connections): heaps and OS limits go by it. */
        int population();

        /** Its parameters by name, in order: the record's components (every one an int). */
        default Map<String, Integer> parameters() {
            Map<String, Integer> p = new LinkedHashMap<>();
            for (RecordComponent c : getClass().getRecordComponents()) {
                try {
                    p.put(c.getName(), (Integer) c.getAccessor().invoke(this));
                } catch (ReflectiveOperationException e) {
                    throw new IllegalStateException(e);
                }
            }
            return p;
        }

        /** Its parameters' values in order, which order a workload's series. */
        default List<Integer> key() {
            return List.copyOf(parameters().values());
        }

        /** Opens this workload of {@code f}, ready for verified runs ({@link Operation}). */
        Operation open(RingFactory f);

        /** The runner that measures it: JMH for a {@link Timed} size, a load for a {@link Served} one. */
        <R> R measured(Function<? super Timed, R> timed, Function<? super Served, R> served);

        /**
         * How a row of a workload reads: ns per hop or exchanged value (passes calibrated to a
         * length), ms per operation (which already lasts its tasks' wait), or requests per second.
         */
        enum Scale { NS_PER_STEP, MS_PER_OPERATION, PER_SECOND }

        /** A size JMH measures: verified passes of {@code steps} steps, timed by {@link #benchmark}. */
        sealed interface Timed extends Size {
            /** The JMH benchmark that measures it ({@code <class>.<method>}). */
            String benchmark();

            /** The benchmark's {@code @Param} that holds a pass's steps ({@code hops}, {@code values}), or none. */
            Optional<String> stepsParameter();

            /** The benchmark's {@code @Param} values for a pass of {@code steps} steps: the steps, then its parameters. */
            default Map<String, String> params(int steps) {
                Map<String, String> p = new LinkedHashMap<>();
                stepsParameter().ifPresent(name -> p.put(name, String.valueOf(steps)));
                parameters().forEach((name, v) -> p.put(name, String.valueOf(v)));
                return p;
            }

            /** Whether a pass's size is calibrated per id when a run does not fix it (else one step is one operation). */
            default boolean calibrated() {
                return scale() == Scale.NS_PER_STEP;
            }

            @Override
            default <R> R measured(Function<? super Timed, R> timed, Function<? super Served, R> served) {
                return timed.apply(this);
            }
        }

        /** A server a load measures from outside the JVM, on {@link #connections} connections. */
        sealed interface Served extends Size {
            int connections();

            @Override
            default <R> R measured(Function<? super Timed, R> timed, Function<? super Served, R> served) {
                return served.apply(this);
            }
        }

        /**
         * A ring: {@code nodes} nodes, {@code tokens} tokens in flight, each node waiting
         * {@code depth} frames deep in its own stack, and {@code work} units of
         * {@code Blackhole.consumeCPU} per hop. {@link #classic} is the Benchmarks Game ring.
         *
         * <p>Token k (0-based) starts at node {@code 1 + floor(k*N/T)} and carries {@code floor(H/T)}
         * hops, one more for k &lt; H mod T, so that a pass is H hops in all; a pass returns the sum
         * of the names of the nodes where the tokens reached 0 (for T = 1, the Benchmarks Game answer).
         */
        record Ring(int nodes, int tokens, int depth, int work) implements Timed {

            /** Deeper than any real call chain a node would wait in, shallow enough for any thread's stack. */
            public static final int MAX_DEPTH = 1_000;
            /** About a millisecond of consumeCPU per hop: far beyond the 3.8 us the jdk-dev analysis used. */
            public static final int MAX_WORK = 1_000_000;

            public Ring {
                Rings.requireNodes(nodes);
                if (tokens < 1 || tokens >= nodes) {
                    throw new IllegalArgumentException("tokens must be >= 1 and < nodes (" + nodes + "), was " + tokens);
                }
                if (depth < 0 || depth > MAX_DEPTH) {
                    throw new IllegalArgumentException("depth must be >= 0 and <= " + MAX_DEPTH + ", was " + depth);
                }
                requireWork(work);
            }

            /** One token, no extra frames, no work: the classic thread ring. */
            public static Ring classic(int nodes) {
                return new Ring(nodes, 1, 0, 0);
            }

            /** @throws IllegalArgumentException unless 0 &lt;= work &lt;= {@link #MAX_WORK} */
            public static int requireWork(int work) {
                if (work < 0 || work > MAX_WORK) {
                    throw new IllegalArgumentException("work must be >= 0 and <= " + MAX_WORK + ", was " + work);
                }
                return work;
            }

            /** The node (1..N) where token k starts. */
            public int start(int k) {
                return 1 + (int) ((long) k * nodes / tokens);
            }

            /** Hops token k carries in a pass of {@code hops} hops. */
            public int hops(int hops, int k) {
                return hops / tokens + (k < hops % tokens ? 1 : 0);
            }

            /** What a pass of {@code hops} hops returns: the sum of the nodes where the tokens reach 0. */
            public long expected(int hops) {
                Rings.requireHops(hops);
                long sum = 0;
                for (int k = 0; k < tokens; k++) {
                    sum += (int) ((start(k) - 1 + (long) hops(hops, k)) % nodes) + 1;
                }
                return sum;
            }

            @Override
            public String describe() {
                return "ring " + this;
            }

            @Override
            public String describe(String steps) {
                return describe() + " hops=" + steps;
            }

            @Override
            public String arguments(int steps) {
                return this + " hops=" + steps;
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
            public Optional<String> stepsParameter() {
                return Optional.of("hops");
            }

            @Override
            public int population() {
                return nodes;
            }

            @Override
            public Operation open(RingFactory f) {
                return Rings.operation(f, this);
            }

            /** {@code nodes=N}, then the parameters that differ from the classic ring. */
            @Override
            public String toString() {
                return "nodes=" + nodes + (tokens != 1 ? " tokens=" + tokens : "") + (depth != 0 ? " depth=" + depth : "")
                        + (work != 0 ? " work=" + work : "");
            }
        }

        /** The two-party rendezvous: its size is its values per pass, a run's steps. */
        record Rendezvous() implements Timed {
            @Override
            public String describe() {
                return "rendezvous";
            }

            @Override
            public String describe(String steps) {
                return "rendezvous values=" + steps;
            }

            @Override
            public String arguments(int steps) {
                return "workload=rendezvous values=" + steps;
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
            public Optional<String> stepsParameter() {
                return Optional.of("values");
            }

            @Override
            public int population() {
                return 2;
            }

            @Override
            public Operation open(RingFactory f) {
                return threadring.core.Rendezvous.operation(f);
            }
        }

        /**
         * A fan-out: {@code tasks} tasks per operation, each waiting {@code delayMs} and running
         * {@code work} units of consumeCPU. One step is one operation.
         */
        record FanOut(int tasks, int delayMs, int work) implements Timed {
            /** Tasks of the short, verified operation that warms a fan-out up (same delay and work). */
            public static final int WARM_TASKS = 1_000;

            public FanOut {
                threadring.core.FanOut.requireTasks(tasks);
                threadring.core.FanOut.requireDelay(delayMs);
                Ring.requireWork(work);
            }

            /** The same fan-out at most {@link #WARM_TASKS} tasks large. */
            public FanOut warm() {
                return new FanOut(Math.min(tasks, WARM_TASKS), delayMs, work);
            }

            @Override
            public String describe() {
                return "fanout " + this;
            }

            @Override
            public String arguments(int steps) {
                return "workload=fanout " + this;
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
            public Optional<String> stepsParameter() {
                return Optional.empty();
            }

            @Override
            public int population() {
                return tasks;
            }

            /** Each step is one operation of this size (see {@link threadring.core.FanOut#operation}). */
            @Override
            public Operation open(RingFactory f) {
                return threadring.core.FanOut.operation(f, this);
            }

            @Override
            public String toString() {
                return "tasks=" + tasks + " delay_ms=" + delayMs + " work=" + work;
            }
        }

        /**
         * The echo server with {@code connections} connections open, each request answered after
         * {@code waitMs} ms of waiting the model's way (0: at once, at most {@link #MAX_WAIT_MS},
         * beyond which a load's timeouts would decide); a run's steps are requests.
         */
        record Echo(int connections, int waitMs) implements Served {
            public static final int MAX_WAIT_MS = 5_000;

            public Echo {
                if (connections < 1 || waitMs < 0 || waitMs > MAX_WAIT_MS) {
                    throw new IllegalArgumentException(connections < 1 ? "connections must be >= 1, was " + connections
                            : "wait_ms must be 0-" + MAX_WAIT_MS + ", was " + waitMs);
                }
            }

            /** An echo that answers at once. */
            public Echo(int connections) {
                this(connections, 0);
            }

            @Override
            public String describe() {
                return "echo connections=" + connections + (waitMs > 0 ? " wait_ms=" + waitMs : "");
            }

            @Override
            public String arguments(int steps) {
                return "workload=echo requests=" + steps + " connections=" + connections
                        + (waitMs > 0 ? " wait_ms=" + waitMs : "");
            }

            @Override
            public String file(String steps) {
                return "echo-c" + connections + (waitMs > 0 ? "-w" + waitMs : "");
            }

            @Override
            public int population() {
                return connections;
            }

            /** A run's steps are requests with random bodies on the connections (see {@link EchoClient#operation}). */
            @Override
            public Operation open(RingFactory f) {
                return EchoClient.operation(f, this);
            }
        }
    }
}
