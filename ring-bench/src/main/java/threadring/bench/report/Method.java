package threadring.bench.report;

import threadring.bench.data.Presets;
import threadring.bench.stats.Forks;
import threadring.bench.stats.States;
import threadring.bench.stats.Stats;

/** "How to read it": the method behind every number of the report. */
final class Method {

    private Method() {}

    static void write(Doc doc) {
        doc.heading(2, "How to read it");
        doc.paragraph("**Steady state from evidence.** One JMH operation is one *pass*: `hops` verified hops around "
                + "the ring, `values` verified exchanges of the rendezvous, or one fan-out of `tasks` tasks (a wrong "
                + "answer fails the id). Each id's pass size is calibrated, in a JVM of its own before its forks, so "
                + "that a pass lasts about the run's target on this machine (named with each workload above). JMH "
                + "repeats passes for whole iterations of fixed length (`avgt`). Every fork's whole series, warm-up "
                + "included, is classified with changepoints (PELT on the log times, a change in mean at the row's "
                + "noise, penalty 4 ln n, outliers left out first, as warmup_stats prepares a series; Barrett et al., "
                + "OOPSLA 2017): *flat*, *warm-up*, *slowdown* or *no steady state*. Its steady state is the last "
                + "segment with the segments before it within 3% of it (judged on that segment, never on a noisier "
                + "one), and a fork's **level** is the median of its measured iterations there. Each id's first fork "
                + "warms up for the run's cap (*settle*): where it settled is the id's **time to steady state** "
                + "(*steady after*), and later forks warm up that long plus one iteration. A fork that changed level "
                + "while measured says so (*switched while measured*) and counts from where it settled; a row whose "
                + "later forks read more than 3% from the long-warmed fork, or whose long-warmed fork still read "
                + "more than 3% off its level where later forks were measured, is flagged *warm-up too short*. "
                + "`benchmark.sh --long` (10^7 per pass, " + Presets.LONG_PASSES + " warm-up passes) is the reference "
                + "the default must agree with (`compare`).");
        doc.paragraph("**Tenured before measuring.** After its warm-up pass every workload's setup runs one full "
                + "collection, so what it keeps (nodes, parties, schedulers) is in the old generation, where a long "
                + "run has it anyway (coroutines/continuation-loop stepped up 25-75% about 9 s into every fork when "
                + "G1 tenured the ring mid-fork).");
        doc.paragraph("**Forks in rounds.** Forks run in rounds, one fork of every id per round in an order shuffled "
                + "per round (the seed is in run.json), every JDK and cpu set of the run mixed: a machine that slows "
                + "down slows every id alike. The first " + Forks.PILOT + " rounds are each id's pilot; its fork count "
                + "is then planned from the pilot's spread for the run's precision, up to its cap (the first stage of "
                + "Stein's two-stage procedure; the interval is Student's t over every fork, not Stein's second stage). A row whose JVMs stand in states gets forks round by round until each state's share "
                + "is known within ±" + Math.round(Forks.SHARE_WIDTH * 100) + "% (half its 95% Wilson interval; "
                + Forks.SPLIT_FORKS + " forks at least), up to its own cap.");
        doc.paragraph("**Statistics.** Iterations inside one JVM agree far better than JVMs do with each other, so the "
                + "**fork** is the unit of repetition. Sorted by level, a fork at either end stands *apart* where its "
                + "gap to its neighbour is at least " + Format.pct(States.GAP) + " and " + Math.round(States.APART)
                + " times the others' spread; the rest split into **states** at their widest gap where it is at least "
                + Format.pct(States.GAP) + " and " + Math.round(States.SEPARATION) + " times the spread on either "
                + "side (a JIT decision, a collection that promoted the workload, a carrier's cpu). Each state is "
                + "shown with its share of JVMs (95% Wilson interval), its level (the geometric mean of its forks' "
                + "levels) and its **95% interval for a re-run**: where the level of the same state will fall when "
                + "the run is made again, from its forks' spread (twice: this run's mean and the re-run's) and the "
                + "run-to-run component of its class of rows (the spread between runs of the same code that forks "
                + "within one run do not see; where it came from is named above the tables), Student's t on "
                + "Welch-Satterthwaite's degrees of freedom. A state of two JVMs is shown as its two values. "
                + "*Stability* says what the forks bought of the interval. A row is **flagged** when it is not one "
                + "claim: *states*, *not settled* (forks that reached no steady state), *warm-up too short* or "
                + "*forks apart* (a JVM apart, or levels more than " + Format.times(Stats.SPREAD) + " apart in one "
                + "state). **Speed-ups** are ratios of levels, per state where a row has states, with 95% intervals "
                + "that carry both rows' forks and run-to-run components. Two rows (or states) are **separated** when "
                + "their intervals share no value; only then does *vs next* claim an ordering. With one fork there is "
                + "no interval (n/a). Absolute times drift between runs on a shared machine: compare ratios within one "
                + "run, and see the probes.");
        doc.paragraph("**What a step costs.** Each scored fork reads its JVM's counters at every iteration's start and "
                + "end, outside the timed passes (no profiler runs): its CPU time (all its threads, user and system), "
                + "its threads' context switches and cpu migrations (Linux's /proc), the bytes it allocated, and the "
                + "machine's steal time; switches are the process's own count (getrusage: ended threads included). "
                + "Per step, over the iterations its level comes from: *CPU ns*, *cores busy* "
                + "(CPU time over wall time: 1.00 is one core for the whole iteration), switches and migrations per "
                + "1,000 steps, bytes, and the CPU's split between the workload's threads, the collector, the JIT "
                + "compiler and the rest. Like levels, costs are shown per state; the chart of time against CPU shows "
                + "which rows buy their time with more cores.");
    }
}
