package threadring.bench.report;

import threadring.bench.data.Presets;
import threadring.bench.stats.Drift;
import threadring.bench.stats.Modes;
import threadring.bench.stats.Stats;

/** "How to read it": the method behind every number of the report. */
final class Method {

    private Method() {}

    static void write(Doc doc) {
        doc.heading(2, "How to read it");
        doc.paragraph("**Steady state by time.** One JMH operation is one *pass*: `hops` verified hops around the "
                + "ring, `values` verified exchanges of the rendezvous, or one fan-out of `tasks` tasks (a wrong "
                + "answer fails the id). Each id's pass size is calibrated, in a JVM of its own before its forks, so "
                + "that a pass lasts about the run's target on this machine (named with each workload above): long "
                + "against a pass's own start and end (up to a millisecond), whatever the machine's speed. JMH repeats passes for whole iterations of "
                + "fixed length (average time per pass, JMH's `avgt`). Each fork first warms up for its warm-up "
                + "iterations (the *warm-up per fork* column: the seconds and passes it actually ran), then "
                + "measures. Why: with one short warm-up pass, forks were still compiling when measured (an "
                + "Exchanger rendezvous once read 240 ns per exchange against 76-78 in long runs and in jox's own "
                + "JMH benchmark); `benchmark.sh --long` (10^7 per pass, " + Presets.LONG_PASSES + " warm-up "
                + "passes) is the reference the default must agree with (`compare`).");
        doc.paragraph("**Tenured before measuring.** After its warm-up pass every workload's setup runs one full "
                + "collection, so what it keeps (nodes, parties, schedulers) is in the old generation, where a long "
                + "run has it anyway: otherwise a fork measured its first seconds with the ring still young and the "
                + "rest after G1 tenured it, when each handoff's store into a long-lived object pays G1's post-write "
                + "barrier (coroutines/continuation-loop stepped up 25-75% about 9 s into every fork).");
        doc.paragraph("**Statistics.** Iterations inside one JVM agree far better than JVMs do with each other, so "
                + "the **fork** is the unit of repetition: *fork medians* are each JVM's median iteration (ns per "
                + "hop or exchange, ms per fan-out), and the **95% interval** is Student's t over the logarithms of "
                + "the fork medians (k-1 degrees of freedom; Georges et al. 2007, commons-math3): ordinary spread "
                + "between JVMs widens the interval and is never flagged. *median* is the median of all measured "
                + "iterations, *min* and *max* their extremes. **Forks** start at the run's first forks and are "
                + "added, up to its cap, until the interval is within its precision (half its width over the "
                + "median); a row that reached the cap short of it says *stopped at N forks, ±x%*. A row is "
                + "**flagged** only when its one interval cannot be trusted, and the flag says why: **modes** (its "
                + "fork medians fall into groups at least " + Format.pct(Modes.GAP) + " apart and "
                + (int) Modes.MARGIN + " times further apart than the spread inside either group and the "
                + "iterations' own noise: each mode is shown with its forks, median and interval, never their "
                + "average), **drift** (iterations rise or fall by more than " + Format.pct(1 + Drift.EFFECT)
                + " from a fork's first measured iteration to its last, beyond their noise: least squares over the "
                + "forks, p < " + Drift.P + ") or **forks apart** (fork medians more than " + Format.times(Stats.SPREAD)
                + " apart without forming modes). **Speed-ups** are ratios of medians, per mode where a row has "
                + "modes; their 95% intervals come from Welch's t on the log fork medians. *vs next*: the next "
                + "slower row's median over this one's; an ordering holds only where it says *separated* (its "
                + "interval excludes 1). With one fork there is no interval (n/a). Absolute times drift between "
                + "runs on a shared machine: compare ratios within one run.");
    }
}
