package threadring.core.skynet;

import java.util.Optional;
import threadring.core.Operation;
import threadring.core.RingFactory;
import threadring.core.Size;
import threadring.core.Workload;

/**
 * A Skynet tree: {@code branching} children per task, {@code depth} levels below the root
 * (branching^depth leaves). One operation is one whole tree; a row reads in ns per task, every
 * task of the tree counted ({@link Skynet#tasks}), so that trees of any size compare.
 */
public record SkynetSize(int branching, int depth) implements Size.Timed {

    /** The warm-up's tree: the same branching, at most this deep. */
    public static final int WARM_DEPTH = 4;

    public SkynetSize {
        Skynet.require(branching, depth);
    }

    @Override
    public Workload<SkynetSize, Skynet> workload() {
        return Skynet.WORKLOAD;
    }

    /** The same branching at most {@link #WARM_DEPTH} levels deep. */
    public SkynetSize warm() {
        return new SkynetSize(branching, Math.min(depth, WARM_DEPTH));
    }

    /** Every task of one tree. */
    public long tasks() {
        return Skynet.tasks(branching, depth);
    }

    @Override
    public String describe() {
        return "skynet " + this;
    }

    @Override
    public String arguments(int steps) {
        return "workload=skynet " + this;
    }

    @Override
    public String file(String steps) {
        return "skynet-b" + branching + "-d" + depth;
    }

    @Override
    public String benchmark() {
        return SkynetBenchmark.class.getName() + ".tree";
    }

    @Override
    public Optional<String> stepsParameter() {
        return Optional.empty();
    }

    /** Not calibrated: a pass is one tree, whatever its size. */
    @Override
    public boolean calibrated() {
        return false;
    }

    /** A tree's tasks, so that a row reads per task. */
    @Override
    public int stepsPerOperation() {
        return (int) Math.min(Integer.MAX_VALUE, tasks());
    }

    /** Every task of the tree may be alive at once (a model that starts all before joining any). */
    @Override
    public int population() {
        return stepsPerOperation();
    }

    @Override
    public Operation open(RingFactory f) {
        return Skynet.operation(f, this);
    }

    @Override
    public String toString() {
        return "branching=" + branching + " depth=" + depth;
    }
}
