package threadring.bench.footprint;

import java.io.IOException;
import java.nio.file.Path;
import threadring.bench.data.FootprintRun.Measurement;
import threadring.bench.data.Json;
import threadring.bench.util.Errors;
import threadring.core.RingFactories;
import threadring.core.RingFactory;
import threadring.core.Size;
import threadring.core.ring.Ring;
import threadring.core.ring.Rings;

/**
 * What one ring costs to hold, measured in a fresh JVM per id and size (started by
 * {@link FootprintRunner} with a fixed, pre-touched heap): the time to open it, the heap it
 * keeps after a warm pass and a full GC, and the native memory it adds.
 *
 * <p>Native memory is the growth of the process's resident set (VmRSS) while the ring is opened
 * and passed once. The heap is fixed and pre-touched (-Xms = -Xmx, AlwaysPreTouch), so it is
 * resident before the first reading and the growth is what lives outside the heap: OS thread
 * stacks (the pages they touched) and the JVM's per-thread structures. Heap and native are added
 * up to compare a platform thread, whose stack is native, with a virtual thread, whose stack
 * chunk is on the heap. Kernel memory per OS thread (its kernel stack and task struct, about 16 KiB)
 * is in neither. RSS rather than Native Memory Tracking: it needs no text parsing of the JVM's
 * report and counts what the OS actually gave the process.
 */
public final class Footprint {

    /** Hops of the warm ring that loads and compiles the model's classes before the readings. */
    static final int WARM_HOPS = 200_000;
    /**
     * Nodes of the warm ring: small, because the OS threads of a platform ring free their stacks
     * only after they exit (glibc even caches some for reuse), which would blur the baseline.
     */
    static final int WARM_NODES = 64;

    /** The child's argument that asks for an operation's peak. */
    static final String PEAK = "peak";

    private Footprint() {}

    /**
     * In the child JVM: {@code Footprint ID NODES OUT.json} for a ring of NODES nodes,
     * {@code Footprint ID TASKS OUT.json DELAY_MS} for TASKS live fan-out tasks ({@link LiveTasks}), or
     * {@code Footprint ID POPULATION OUT.json peak SIZE_JSON} for one whole operation of that size at its
     * peak ({@link OperationPeak}).
     */
    public static void main(String[] args) throws IOException {
        String id = args[0];
        int nodes = Integer.parseInt(args[1]);
        Path out = Path.of(args[2]);
        Measurement m;
        try {
            RingFactory f = RingFactories.load().require(id);
            m = args.length == 3 ? measure(f, nodes)
                    : args[3].equals(PEAK) ? OperationPeak.measure(f, Json.GSON.fromJson(args[4], Size.class))
                    : LiveTasks.measure(f, nodes, Integer.parseInt(args[3]));
        } catch (RuntimeException | OutOfMemoryError e) {
            m = Measurement.failed(id, nodes, Errors.describe(e));
        }
        Json.write(out, m);
        System.exit(m.error() == null ? 0 : 1);
    }

    static Measurement measure(RingFactory f, int nodes) {
        try (Ring warm = Rings.open(f, Math.min(nodes, WARM_NODES))) {
            Rings.verify(f.id(), warm.nodes(), WARM_HOPS, warm.pass(WARM_HOPS));
        }
        Memory.settle();
        long heap0 = Memory.heapUsed();
        long rss0 = Memory.steadyRss();
        long start = System.nanoTime();
        Ring ring = Rings.open(f, nodes);
        long openNs = System.nanoTime() - start;
        try {
            int hops = nodes + 1; // every node has run once and waits again
            Rings.verify(f.id(), nodes, hops, ring.pass(hops));
            Memory.settle();
            long heap1 = Memory.heapUsed();
            long rss1 = Memory.steadyRss();
            return new Measurement(f.id(), nodes, (double) openNs / nodes, (double) (heap1 - heap0) / nodes,
                    rss0 < 0 ? null : (double) (rss1 - rss0) / nodes, null, null, null);
        } finally {
            ring.close();
        }
    }

}
