package threadring.bench.report;

import java.util.Arrays;
import java.util.List;
import threadring.bench.data.Run;
import threadring.core.Workload;

/** Every workload's report section, in the workloads' order: the report's one list of them, kept whole by the compiler. */
public final class Sections {

    private static final RingSection RING = new RingSection();
    private static final RendezvousSection RENDEZVOUS = new RendezvousSection();
    private static final FanOutSection FANOUT = new FanOutSection();
    private static final EchoSection ECHO = new EchoSection();

    static final List<WorkloadSection> ALL = Arrays.stream(Workload.values()).map(Sections::of).toList();

    private Sections() {}

    public static WorkloadSection of(Workload w) {
        return switch (w) {
            case RING -> RING;
            case RENDEZVOUS -> RENDEZVOUS;
            case FANOUT -> FANOUT;
            case ECHO -> ECHO;
        };
    }

    /** The heading of a series, as its workload's section names it. */
    public static String name(Run run, Series s) {
        return of(s.workload()).name(run, s);
    }
}
