package threadring.bench.util;

import java.lang.management.ManagementFactory;
import java.util.List;

/**
 * The heap the runner gives a JVM that opens rings of {@code nodes} nodes: 512 MiB plus 4 KiB per
 * node (the heaviest model here keeps under 4 KiB per node after a pass, measured with `footprint`; the
 * rest is room for the young generation), at most three quarters of the machine's memory. Fixed (-Xms = -Xmx) so
 * that no run measures heap resizing. A ring of 503 nodes gets 514 MiB, one of 10^6 nodes 4.4 GiB.
 */
public final class Heap {

    static final long BASE_MIB = 512;
    static final long KIB_PER_NODE = 4;

    private Heap() {}

    public static long mebibytes(int nodes) {
        long wanted = BASE_MIB + nodes * KIB_PER_NODE / 1024;
        long physical = machineBytes() >> 20;
        return physical > 0 ? Math.min(wanted, physical * 3 / 4) : wanted;
    }

    /** The machine's memory in bytes (0 where the JVM cannot tell). */
    public static long machineBytes() {
        return Math.max(0, ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getTotalMemorySize());
    }

    public static List<String> flags(int nodes) {
        long m = mebibytes(nodes);
        return List.of("-Xms" + m + "m", "-Xmx" + m + "m");
    }
}
