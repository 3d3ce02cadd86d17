package threadring.bench.footprint;

import java.util.Locale;
import java.util.Optional;
import threadring.bench.data.FootprintRun.Measurement;

/**
 * Whether a measurement of n tasks (or nodes) fits this machine, judged before its JVM starts from
 * the same id's measurement at a smaller size in the same run: its heap bytes per task times n
 * (with room for the collector to work) against the heap the JVM is given ({@code Heap}: at most
 * three quarters of the machine's memory), and that heap, pre-touched, plus its bytes outside the
 * heap times n (a Go program's own memory among them) against the machine's memory. A measurement
 * that cannot fit is skipped, saying how much it needs; one that fits, or has no smaller measurement
 * to judge by, is made. Without this, 10^7 sleeping goroutines (about 2.8 KB each here) would ask a
 * 24 GB machine for 28 GB and the kernel's out-of-memory killer would choose what dies.
 */
final class MemoryBudget {

    /**
     * The heap a live set may fill, as a share of the heap given: a collector needs room to copy and to
     * allocate while it works (G1's young generation and its reserve).
     */
    static final double HEAP_FILL = 0.8;
    /** The share of the machine's memory the processes may hold together: the kernel and the rest keep the others. */
    static final double MACHINE_FILL = 0.9;

    private MemoryBudget() {}

    /**
     * Why {@code n} of {@code smaller}'s id cannot fit, if it cannot: {@code heapBytes} is the heap its
     * JVM gets, {@code machineBytes} the machine's memory. Empty where it fits or cannot be judged
     * ({@code smaller} not measured, or measured at n or more).
     */
    static Optional<String> wontFit(Measurement smaller, int n, long heapBytes, long machineBytes) {
        if (smaller == null || smaller.heapBytesPerNode() == null || smaller.nodes() >= n || heapBytes <= 0
                || machineBytes <= 0) {
            return Optional.empty();
        }
        double heap = Math.max(0, smaller.heapBytesPerNode()) * n;
        double outside = smaller.nativeBytesPerNode() == null ? 0 : Math.max(0, smaller.nativeBytesPerNode()) * n;
        String basis = String.format(Locale.ROOT, " (%s B a task on the heap and %s outside it at %,d in this run)",
                amount(smaller.heapBytesPerNode()), smaller.nativeBytesPerNode() == null ? "n/a"
                        : amount(smaller.nativeBytesPerNode()), smaller.nodes());
        if (heap > HEAP_FILL * heapBytes) {
            return Optional.of(String.format(Locale.ROOT, "cannot run here: %,d would hold about %s GiB of heap%s, "
                    + "over %.0f%% of the %s GiB heap this machine gives a JVM (three quarters of its %s GiB)", n,
                    gib(heap), basis, 100 * HEAP_FILL, gib(heapBytes), gib(machineBytes)));
        }
        if (heapBytes + outside > MACHINE_FILL * machineBytes) {
            return Optional.of(String.format(Locale.ROOT, "cannot run here: %,d would hold about %s GiB outside the "
                    + "heap%s, which with the JVM's pre-touched %s GiB heap is over %.0f%% of the machine's %s GiB", n,
                    gib(outside), basis, gib(heapBytes), 100 * MACHINE_FILL, gib(machineBytes)));
        }
        return Optional.empty();
    }

    private static String gib(double bytes) {
        return String.format(Locale.ROOT, "%.1f", bytes / (1L << 30));
    }

    private static String amount(double bytes) {
        return String.format(Locale.ROOT, "%,.0f", bytes);
    }
}
