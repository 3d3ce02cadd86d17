package threadring.bench.stats;

/**
 * One id's spreads over earlier runs: its JVMs' ({@code jvms}, the sd of its main state's log fork
 * levels within a run, pooled over runs on {@code jvmDf} degrees of freedom; 0 on 0 without one)
 * and its level's ({@code level}, the sd of its main state's log level between {@code runs} runs;
 * 0 with fewer than three); and its own move ({@code move}, the sd of its log level's move
 * between two runs less the median move of the rows that hand off where it does in the same
 * series, over {@code movePairs} pairs of runs, shrunk toward 0 where few: how far it moves
 * against its neighbours, which a ratio of it carries and a row's common move cancels).
 */
public record IdSpread(double jvms, int jvmDf, double level, int runs, double move, int movePairs) {
    /** The fewest earlier runs a spread of levels is taken from. */
    public static final int MIN_RUNS = 3;

    /** Without the id's own move (runs before it was kept). */
    public IdSpread(double jvms, int jvmDf, double level, int runs) {
        this(jvms, jvmDf, level, runs, 0, 0);
    }
}
