package threadring.core;

/**
 * An experiment a variant can run: its name in run.json ({@code RING}), on the command line and in
 * results ({@code ring}), in a sentence ({@code ring}, {@code fan-out}, {@code echo server}), what
 * one step of it is ({@code hop}, {@code exchange}, {@code operation}, {@code request},
 * {@code task}), how its rows read, the record of its size, the type its variants open, and how a
 * soak draws its runs (null: it is checked, not soaked, as a server is). Each
 * workload declares its one instance in its own package ({@code Ring.WORKLOAD},
 * {@code Skynet.WORKLOAD}); {@code threadring.core.workloads.Workloads} lists them.
 */
public record Workload<S extends Size, T extends AutoCloseable>(String name, String label, String title, String unit,
        Size.Scale scale, Class<S> sizeType, Class<T> type, Draws draws) {

    /** Its name, as run.json writes it. */
    @Override
    public String toString() {
        return name;
    }
}
