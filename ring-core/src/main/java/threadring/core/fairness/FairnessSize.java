package threadring.core.fairness;

import java.util.Optional;
import threadring.core.Operation;
import threadring.core.RingFactory;
import threadring.core.Size;
import threadring.core.Workload;

/**
 * One fairness run: {@code hogs} busy tasks of {@code chunks} chunks of {@code chunkWork} consumeCPU
 * units each, beside a probe that sleeps {@code periodUs} µs at a time. One operation is one run;
 * a row reads in ms per operation, against the ideal of the hogs' work spread on every cpu.
 */
public record FairnessSize(int hogs, int chunks, int chunkWork, int periodUs) implements Size.Timed {

    /** The warm-up's run: the same hogs, at most this many chunks each. */
    public static final int WARM_CHUNKS = 500;

    public FairnessSize {
        Fairness.require(hogs, chunks, chunkWork, periodUs);
    }

    /** The default run on {@code cpus} cpus: twice as many hogs as cpus, so that every cpu has a busy task waiting. */
    public static FairnessSize classic(int cpus) {
        return new FairnessSize(2 * Math.max(1, cpus), Fairness.DEFAULT_CHUNKS, Fairness.DEFAULT_CHUNK_WORK,
                Fairness.DEFAULT_PERIOD_US);
    }

    @Override
    public Workload<FairnessSize, Fairness> workload() {
        return Fairness.WORKLOAD;
    }

    /** The same hogs with at most {@link #WARM_CHUNKS} chunks each. */
    public FairnessSize warm() {
        return new FairnessSize(hogs, Math.min(chunks, WARM_CHUNKS), chunkWork, periodUs);
    }

    @Override
    public String describe() {
        return "fairness " + this;
    }

    @Override
    public String arguments(int steps) {
        return "workload=fairness " + this;
    }

    @Override
    public String file(String steps) {
        return "fairness-h" + hogs + "-c" + chunks + "-w" + chunkWork + "-p" + periodUs;
    }

    @Override
    public String benchmark() {
        return FairnessBenchmark.class.getName() + ".run";
    }

    @Override
    public Optional<String> stepsParameter() {
        return Optional.empty();
    }

    /** Not calibrated: a pass is one run, whatever its size. */
    @Override
    public boolean calibrated() {
        return false;
    }

    /** Each chunk's work: the ideal needs what one consumeCPU(chunkWork) costs. */
    @Override
    public int cpuWork() {
        return chunkWork;
    }

    /** The hogs and the probe. */
    @Override
    public int population() {
        return hogs + 1;
    }

    @Override
    public Operation open(RingFactory f) {
        return Fairness.operation(f, this);
    }

    @Override
    public String toString() {
        return "hogs=" + hogs + " chunks=" + chunks + " chunk_work=" + chunkWork + " period_us=" + periodUs;
    }
}
