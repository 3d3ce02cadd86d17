package threadring.bench.sweep;

import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import threadring.bench.data.Json;
import threadring.bench.data.Run;
import threadring.bench.data.Settings;
import threadring.bench.util.UsageException;

/**
 * A sweep split over N hosts or jobs: the plan's items (configuration x series x id, in the
 * sweep's order) dealt into N slices of about equal expected time, the longest first to the
 * slice with the least so far (ties: the lower slice), so every host given the same settings and
 * JDKs computes the same slices. A plan is named by a hash of its settings and items, which
 * {@code merge} uses to tell shards of one plan from runs of another.
 */
public final class Shards {

    /** {@code --shard K/N}: this host runs slice K of N (1-based). */
    public record Spec(int index, int count) {
        private static final Pattern SYNTAX = Pattern.compile("(\\d{1,6})/(\\d{1,6})");

        /** @throws IllegalArgumentException naming what is wrong with {@code text} */
        public static Spec parse(String text) {
            Matcher m = SYNTAX.matcher(text.trim());
            if (!m.matches()) {
                throw new IllegalArgumentException("must be K/N (slice K of N, 1 <= K <= N), was '" + text + "'");
            }
            int k = Integer.parseInt(m.group(1));
            int n = Integer.parseInt(m.group(2));
            if (n < 1 || k < 1 || k > n) {
                throw new IllegalArgumentException("must be K/N with 1 <= K <= N, was '" + text + "'");
            }
            return new Spec(k, n);
        }

        @Override
        public String toString() {
            return index + "/" + count;
        }
    }

    /** One item of the plan: {@code <configuration>|<series file>|<id>}, and its expected seconds. */
    record Item(String key, double seconds) {}

    private Shards() {}

    /**
     * This host's slice {@code spec} of the plan's {@code items}, said on {@code out}.
     *
     * @throws UsageException where the slice is empty
     */
    static Run.Shard of(Spec spec, Settings settings, List<Item> items, PrintStream out) {
        List<String> mine = slice(items, spec);
        Run.Shard shard = new Run.Shard(planHash(settings, items), spec.index(), spec.count(), items.size(), mine);
        if (mine.isEmpty()) {
            throw new UsageException("--shard " + spec + ": the plan has " + items.size() + " item(s), so slice "
                    + spec.index() + " is empty; use fewer slices");
        }
        out.println("threadring: shard " + spec + " of plan " + shard.plan() + ": " + mine.size() + " of its "
                + items.size() + " items");
        return shard;
    }

    /** The keys of slice {@code spec.index()} of {@code items}, in the plan's order. */
    static List<String> slice(List<Item> items, Spec spec) {
        double[] load = new double[spec.count()];
        int[] owner = new int[items.size()];
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < items.size(); i++) {
            order.add(i);
        }
        order.sort(Comparator.comparingDouble((Integer i) -> -items.get(i).seconds()).thenComparingInt(i -> i));
        for (int i : order) {
            int least = 0;
            for (int s = 1; s < load.length; s++) {
                if (load[s] < load[least]) {
                    least = s;
                }
            }
            owner[i] = least;
            load[least] += items.get(i).seconds();
        }
        List<String> keys = new ArrayList<>();
        for (int i = 0; i < items.size(); i++) {
            if (owner[i] == spec.index() - 1) {
                keys.add(items.get(i).key());
            }
        }
        return keys;
    }

    /**
     * The plan's name: the first 16 hex digits of SHA-256 over the settings (as JSON) and every item's
     * key. The seed of the forks' order is left out: each shard draws its own, and their rounds are
     * one plan's all the same; so are the run-to-run components, which each shard estimates from its
     * own results folder.
     */
    static String planHash(Settings settings, List<Item> items) {
        Settings plan = new Settings(settings.selection(), settings.series(), settings.steps(),
                settings.scored().withRerun(null),
                settings.cpus(), settings.jdks(), settings.profilers(), settings.profiling(), null);
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            sha.update(Json.GSON.toJson(plan).getBytes(StandardCharsets.UTF_8));
            for (Item i : items) {
                sha.update(("\n" + i.key()).getBytes(StandardCharsets.UTF_8));
            }
            return HexFormat.of().formatHex(sha.digest()).substring(0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
