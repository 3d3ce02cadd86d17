package threadring.bench.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import threadring.bench.data.Runs;
import threadring.bench.data.Settings;

/** Slices of a plan: every item in exactly one, in about equal time, the same on every host. */
class ShardsTest {

    static List<Shards.Item> items() {
        List<Shards.Item> items = new ArrayList<>();
        double[] seconds = {30, 30, 30, 25, 20, 60, 5, 5, 40, 12, 33, 28};
        for (int i = 0; i < seconds.length; i++) {
            items.add(new Shards.Item("jdk25-cpusall|threads-auto-n503|id" + i, seconds[i]));
        }
        return items;
    }

    @Test
    void everyItemIsInExactlyOneSliceAndSlicesAreNearlyEqualInTime() {
        List<Shards.Item> items = items();
        for (int n = 1; n <= 5; n++) {
            Set<String> seen = new HashSet<>();
            double max = 0;
            double min = Double.MAX_VALUE;
            for (int k = 1; k <= n; k++) {
                List<String> slice = Shards.slice(items, new Shards.Spec(k, n));
                for (String key : slice) {
                    assertTrue(seen.add(key), key + " in two slices of " + n);
                }
                double t = items.stream().filter(i -> slice.contains(i.key())).mapToDouble(Shards.Item::seconds).sum();
                max = Math.max(max, t);
                min = Math.min(min, t);
            }
            assertEquals(items.size(), seen.size(), "every item in some slice of " + n);
            assertTrue(max - min <= 60, "slices of " + n + " differ by " + (max - min) + " s, more than the longest item");
        }
    }

    @Test
    void slicesKeepThePlansOrderAndAreTheSameEveryTime() {
        List<String> first = Shards.slice(items(), new Shards.Spec(1, 2));
        assertEquals(first, Shards.slice(items(), new Shards.Spec(1, 2)));
        List<String> keys = items().stream().map(Shards.Item::key).filter(first::contains).toList();
        assertEquals(keys, first);
    }

    @Test
    void thePlansHashNamesItsSettingsAndItems() {
        Settings s = Runs.settings(List.of());
        String hash = Shards.planHash(s, items());
        assertEquals(16, hash.length());
        assertEquals(hash, Shards.planHash(s, items()));
        assertNotEquals(hash, Shards.planHash(s, items().subList(1, 12)));
        assertNotEquals(hash, Shards.planHash(Runs.settings(List.of("gc")), items()));
    }

    @Test
    void badShardsAreRefusedNamingTheValue() {
        assertEquals(new Shards.Spec(2, 3), Shards.Spec.parse("2/3"));
        for (String bad : List.of("0/2", "3/2", "x", "1/0", "1/", "-1/2", "1/2/3")) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Shards.Spec.parse(bad));
            assertTrue(e.getMessage().contains("'" + bad + "'"), e.getMessage());
        }
    }
}
