package threadring.core;

import java.lang.reflect.RecordComponent;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * What one series of a workload measures besides the id: each workload's record of it lives in
 * the workload's own package (a ring's nodes, tokens, depth and work; a fan-out's tasks, delay and
 * work; an echo server's connections and wait; a Skynet's branching and depth). A size names
 * itself, opens its workload on an implementation ({@link #open}) and says how a row of it reads;
 * a sweep carries it whole from plan to report. Two kinds: {@link Timed} (JMH times verified passes
 * of it) and {@link Served} (a load from outside the JVM measures a server). The family is open
 * (registered in {@code threadring.core.workloads.Workloads}) rather than sealed: the unnamed module
 * lets a sealed interface permit only classes of its own package, and each workload keeps its size
 * in its own.
 */
public interface Size {

    /** The workload whose size it is. */
    Workload<?, ?> workload();

    /** What one step is: {@code hop}, {@code exchange}, {@code operation} or {@code request}. */
    default String unit() {
        return workload().unit();
    }

    /** How its rows read. */
    default Scale scale() {
        return workload().scale();
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
    interface Timed extends Size {
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

        /**
         * consumeCPU units each step's task runs where the workload's ideal needs their cost (a
         * fan-out's tasks), else 0: the runner measures consumeCPU of each such work.
         */
        default int cpuWork() {
            return 0;
        }

        /**
         * Steps one operation of a pass that is not calibrated holds: 1 (a fan-out is timed per
         * operation), or a Skynet tree's tasks (timed per task).
         */
        default int stepsPerOperation() {
            return 1;
        }

        /** Whether a pass's size is calibrated per id when a run does not fix it (else {@link #stepsPerOperation}). */
        default boolean calibrated() {
            return scale() == Scale.NS_PER_STEP;
        }

        @Override
        default <R> R measured(Function<? super Timed, R> timed, Function<? super Served, R> served) {
            return timed.apply(this);
        }
    }

    /** A server a load measures from outside the JVM, on {@link #connections} connections. */
    interface Served extends Size {
        int connections();

        /** What each request waits, the model's way, before its answer (0: at once). */
        int waitMs();

        @Override
        default <R> R measured(Function<? super Timed, R> timed, Function<? super Served, R> served) {
            return served.apply(this);
        }
    }
}
