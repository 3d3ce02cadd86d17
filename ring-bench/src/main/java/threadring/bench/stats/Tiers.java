package threadring.bench.stats;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;

/**
 * Tiers of rows given best first: a tier ends after a row wherever every row up to it is separated
 * from every tiered row after it (the slower's ratio over the faster has an interval that excludes
 * 1). Every pair across a boundary is then separated, so the order of tiers is transitive; rows
 * inside a tier are not ordered.
 */
public final class Tiers {

    private Tiers() {}

    /**
     * The tier of each row ({@code tiered}: whether a row takes one; 0 where not), the ratio of a
     * slower row over a faster one given by {@code ratio.apply(slower, faster)}.
     */
    public static int[] of(List<Boolean> tiered, BiFunction<Integer, Integer, Stats.Ratio> ratio) {
        List<Integer> rows = new ArrayList<>();
        for (int i = 0; i < tiered.size(); i++) {
            if (tiered.get(i)) {
                rows.add(i);
            }
        }
        int n = rows.size();
        boolean[][] apart = new boolean[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                Stats.Ratio r = ratio.apply(rows.get(j), rows.get(i));
                apart[i][j] = r.excludesOne() && r.value() > 1;
            }
        }
        int[] tiers = new int[tiered.size()];
        int tier = 1;
        for (int k = 0; k < n; k++) {
            tiers[rows.get(k)] = tier;
            boolean boundary = k + 1 < n;
            for (int i = 0; i <= k && boundary; i++) {
                for (int j = k + 1; j < n && boundary; j++) {
                    boundary = apart[i][j];
                }
            }
            tier += boundary ? 1 : 0;
        }
        return tiers;
    }
}
