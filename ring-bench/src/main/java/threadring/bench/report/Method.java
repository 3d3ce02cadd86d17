package threadring.bench.report;

import threadring.bench.data.Presets;
import threadring.bench.stats.Stats;

/** "How to read it": the method behind every number of the report. */
final class Method {

    private Method() {}

    static void write(Doc doc) {
        doc.heading(2, "How to read it");
        doc.paragraph("**Steady state by time.** One JMH operation is one *pass*: `hops` verified hops around the "
                + "ring, `values` verified exchanges of the rendezvous, or one fan-out of `tasks` tasks (a wrong "
                + "answer fails the id). Each id's pass size is calibrated, in a JVM of its own before its forks, so "
                + "that a pass lasts about half a second on this machine: long against a pass's own start and end "
                + "(up to a millisecond), whatever the machine's speed. JMH repeats passes for whole iterations of "
                + "fixed length (average time per pass, JMH's `avgt`). Each fork first warms up for its warm-up "
                + "iterations (the *warm-up per fork* column: the seconds and passes it actually ran), then "
                + "measures. Why: with one short warm-up pass, forks were still compiling when measured (an "
                + "Exchanger rendezvous once read 240 ns per exchange against 76-78 in long runs and in jox's own "
                + "JMH benchmark); `benchmark.sh --long` (10^7 per pass, " + Presets.LONG_PASSES + " warm-up "
                + "passes) is the reference the default must agree with (`compare`).");
        doc.paragraph("**Statistics.** Iterations inside one JVM agree far better than JVMs do with each other, so "
                + "the **fork** is the unit of repetition: *fork medians* are each JVM's median iteration (ns per "
                + "hop or exchange, ms per fan-out), and the **95% interval** is Student's t over the logarithms of "
                + "the fork medians (k-1 degrees of freedom; the between-fork spread is in it; Georges et al. 2007, "
                + "commons-math3). *median* is the median of all measured iterations, *min* and *max* their "
                + "extremes. A row is **unstable** when its fork medians are more than " + Format.pct(Stats.UNSTABLE_SPREAD)
                + " apart, when its iterations still fall or rise by more than " + Format.pct(1 + Stats.DRIFT)
                + " from a fork's first to its last with a trend beyond their noise (*not steady*; least "
                + "squares over the forks, p < " + Stats.DRIFT_P + "), or when forks differ beyond their own "
                + "iterations' noise (one-way ANOVA over forks of log iteration times, p < " + Stats.UNSTABLE_P
                + "); its interval stands on too few JVMs to trust. **Speed-ups** are ratios of medians; their "
                + "95% intervals come from Welch's t on the log fork medians. *vs next*: the next slower row's "
                + "median over this one's; an ordering holds only where it says *separated* (its interval "
                + "excludes 1). With one fork there is no interval (n/a). Absolute times drift between runs on a "
                + "shared machine: compare ratios within one run.");
    }
}
