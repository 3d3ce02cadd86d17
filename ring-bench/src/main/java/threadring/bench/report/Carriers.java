package threadring.bench.report;

import threadring.bench.data.Configuration;
import threadring.core.RingFactory;

/**
 * Where an id's handoffs go in a configuration: on one cpu (a configuration pinned to one), on one
 * thread (a variant that runs every node on one thread), or across cpus. What moves with the
 * machine's cross-CPU handoff ({@link CrossCpu}), and a class of rows for the run-to-run
 * components ({@link threadring.bench.rerun.project.Reruns}).
 */
public final class Carriers {

    static final String ACROSS = "across cpus";

    private Carriers() {}

    /** "one cpu", "one thread" or "across cpus". */
    public static String of(String id, Configuration c) {
        if (c.jvm().availableProcessors() < 2) {
            return "one cpu";
        }
        return Declared.is(id, RingFactory::oneThread) ? "one thread" : ACROSS;
    }

    public static boolean across(String id, Configuration c) {
        return of(id, c).equals(ACROSS);
    }
}
