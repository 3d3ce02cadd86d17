package threadring.bench.answer;

import java.util.List;
import java.util.Optional;
import threadring.bench.report.Costs;
import threadring.bench.report.Series;
import threadring.bench.report.WorkloadSection;
import threadring.bench.stats.Stats;

/**
 * One series' answer ({@link threadring.bench.answer.Answer}): its models' fastest forms, best first, the baseline row if
 * measured, and Go's fastest form if the series has one (the reference every JVM model is set beside).
 */
public record Ranking(Series<?> series, WorkloadSection<?> section, Optional<Series.Row> baseline, Optional<Series.Row> go,
        List<Ranking.Entry> entries) {

    /**
     * One model's fastest form in a series: its level as its section states it, its tier (0: none, no
     * state of three JVMs or more holds half of them), its speed-up over the baseline row and its level
     * over its floor and over Go's fastest form (where the series has them), what a step costs, and
     * whether its level is a bound its load set.
     */
    public record Entry(String model, Series.Row form, Stats.Summary level, int tier, Optional<Stats.Ratio> overBaseline,
            Optional<WorkloadSection.Floored> overFloor, Optional<Stats.Ratio> overGo, Costs.PerStep cost,
            boolean bound) {

        public boolean flagged() {
            return level.isUnstable();
        }
    }
}
