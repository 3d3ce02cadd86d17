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
                + "included, is classified with changepoints (PELT, a normal change in mean and variance on the log "
                + "times, penalty 15 ln n, as Barrett et al., OOPSLA 2017): *flat*, *warm-up*, *slowdown* or *no "
                + "steady state*; a fork's **level** is the median of its measured iterations in its steady state. "
                + "Each id's first fork warms up for the run's cap (*settle*), later forks until its forks so far "
                + "settled, plus one iteration; a fork that settled only while measured is counted from where it "
                + "settled. `benchmark.sh --long` (10^7 per pass, " + Presets.LONG_PASSES + " warm-up passes) is the "
                + "reference the default must agree with (`compare`).");
        doc.paragraph("**Tenured before measuring.** After its warm-up pass every workload's setup runs one full "
                + "collection, so what it keeps (nodes, parties, schedulers) is in the old generation, where a long "
                + "run has it anyway (coroutines/continuation-loop stepped up 25-75% about 9 s into every fork when "
                + "G1 tenured the ring mid-fork).");
        doc.paragraph("**Forks in rounds.** Forks run in rounds, one fork of every id per round in an order shuffled "
                + "per round (the seed is in run.json), every JDK and cpu set of the run mixed: a machine that slows "
                + "down slows every id alike. The first " + Forks.PILOT + " rounds are each id's pilot; its fork count "
                + "is then planned from the pilot's spread for the run's precision, up to its cap (Stein's two-stage "
                + "procedure), and a pilot that already stands in states gets the cap.");
        doc.paragraph("**Statistics.** Iterations inside one JVM agree far better than JVMs do with each other, so the "
                + "**fork** is the unit of repetition. Forks whose levels stand more than " + Format.pct(States.GAP)
                + " apart from their neighbours are **states** of the row (two forks at least; a lone fork is *one "
                + "JVM apart*): a JIT decision, a collection that promoted the workload, a carrier's cpu. Each state "
                + "is shown with its share of JVMs (95% Wilson interval), its level (the geometric mean of its forks' "
                + "levels) and its **95% interval**: Student's t over the logarithms of its forks' levels, or, for a "
                + "row of one state whose fork count was planned from its pilot, Stein's interval (t with the "
                + "pilot's degrees of freedom and spread), which keeps its 95% whatever the count turned out. A row "
                + "is **flagged** when it is not one claim: *states*, *not settled* (forks that reached no steady "
                + "state) or *forks apart* (levels more than " + Format.times(Stats.SPREAD) + " apart in one state). "
                + "**Speed-ups** are ratios of levels, per state where a row has states, with 95% intervals from "
                + "Welch's t on the log fork levels. Two rows (or states) are **separated** when their 95% intervals "
                + "share no value; only then does *vs next* claim an ordering. With one fork there is no interval "
                + "(n/a). Absolute times drift between runs on a shared machine: compare ratios within one run, and "
                + "see the probes.");
        doc.paragraph("**What a step costs.** Each scored fork reads its JVM's counters at every iteration's start and "
                + "end, outside the timed passes (no profiler runs): its CPU time (all its threads, user and system), "
                + "its threads' context switches and cpu migrations (Linux's /proc), the bytes it allocated, and the "
                + "machine's steal time. Per step, over the iterations its level comes from: *CPU ns*, *cores busy* "
                + "(CPU time over wall time: 1.00 is one core for the whole iteration), switches and migrations per "
                + "1,000 steps, bytes, and the CPU's split between the workload's threads, the collector, the JIT "
                + "compiler and the rest. Like levels, costs are shown per state; the chart of time against CPU shows "
                + "which rows buy their time with more cores.");
    }
}
