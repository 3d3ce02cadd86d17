package threadring.bench.report;

import java.util.List;
import threadring.core.Workload;

/** Every workload's report section, in the report's order. */
final class Sections {

    static final List<WorkloadSection> ALL = List.of(new RingSection(), new RendezvousSection(), new FanOutSection(),
            new EchoSection());

    private Sections() {}

    static WorkloadSection of(Workload w) {
        return ALL.stream().filter(s -> s.workload() == w).findFirst()
                .orElseThrow(() -> new IllegalStateException("no report section for the " + w.label()));
    }
}
