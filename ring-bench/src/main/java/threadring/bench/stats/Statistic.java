package threadring.bench.stats;

import java.util.List;
import java.util.ServiceLoader;

/**
 * A statistic of a row over its forks, shown as a column of a timed series' table: {@link #column}
 * its heading, {@link #of} its value from the row's fork series, {@link #format} how the value
 * reads. Found by ServiceLoader ({@code META-INF/services/threadring.bench.stats.Statistic}), so
 * that a new statistic is one class and one line, and no table names it.
 */
public interface Statistic {

    /** Every statistic on the class path, in the order the services files list them. */
    List<Statistic> ALL = ServiceLoader.load(Statistic.class, Statistic.class.getClassLoader()).stream()
            .map(ServiceLoader.Provider::get).toList();

    /** The column's heading. */
    String column();

    /** Its value over a row's forks, each one's iterations in order (warm-up first); NaN where it has none. */
    double of(List<ForkSeries> forks);

    /** The value as the table shows it. */
    String format(double value);
}
