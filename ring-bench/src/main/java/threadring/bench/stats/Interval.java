package threadring.bench.stats;

/** An interval of values: what a level, a ratio or a share is known within. */
public record Interval(double low, double high) {
    public boolean contains(double v) {
        return low <= v && v <= high;
    }

    public boolean excludes(double v) {
        return v < low || v > high;
    }

    /** Whether the two intervals share no value: what "separated" means everywhere. */
    public boolean apart(Interval other) {
        return high < other.low || other.high < low;
    }
}
