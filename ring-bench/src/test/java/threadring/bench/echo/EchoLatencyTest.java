package threadring.bench.echo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The highest sustained rate of an id: which repetition's, and whether the server or the load ended the climb. */
class EchoLatencyTest {

    /** A rung at {@code rate} with p99 {@code p99Ms}, every request answered, the generator {@code cores} busy. */
    private static EchoScore.Rung rung(double rate, double p99Ms, double cores) {
        return new EchoScore.Rung(rate, (long) rate, (long) rate, 1, new EchoScore.Latency(100, 200, p99Ms * 1000,
                p99Ms * 1000, p99Ms * 1000, 150), 50, cores * 1000, 1, null);
    }

    /** {@code rung}, the generator sending its requests {@code lagMs} late at p99. */
    private static EchoScore.Rung late(EchoScore.Rung r, double lagMs) {
        return new EchoScore.Rung(r.offered(), r.requests(), r.answered(), r.seconds(), r.latencyUs(), lagMs * 1000, r.cpuMs(),
                r.wallSeconds(), r.serverCpuMs());
    }

    /**
     * A p99 missed while the generator itself sent requests late by a material share of the target is
     * not the server's: the climb is the generator's, and what was sustained reads at least.
     */
    @Test
    void aClimbWhoseGeneratorWasLateEndsOnTheGeneratorNotTheServer() {
        EchoScore.OfferedRates a = ladder(rung(5_000, 1, 0.2), rung(10_000, 2, 0.3), late(rung(20_000, 12, 0.6), 5.5));
        assertEquals("generator (its own p99 lag 5.50 ms, its cpu 0.60 busy at 20,000/s)",
                EchoLatency.claimed(List.of(a)).limit());
        assertEquals("at least 10,000", EchoLatency.sustained(List.of(a)).text());
        // a lag under a quarter of the 10 ms target leaves the miss to the server
        EchoScore.OfferedRates b = ladder(rung(5_000, 1, 0.2), rung(10_000, 2, 0.3), late(rung(20_000, 12, 0.6), 2.4));
        assertEquals("server (p99 12.0 ms at 20,000/s)", EchoLatency.claimed(List.of(b)).limit());
    }

    private static EchoScore.OfferedRates ladder(EchoScore.Rung... rungs) {
        return new EchoScore.OfferedRates(new EchoScore.Held(100, 100, 0.1), Arrays.asList(rungs), null);
    }

    @Test
    void theServerEndsTheClimbWhenItMissesTheTargetWithTheGeneratorNotBusy() {
        EchoScore.OfferedRates a = ladder(rung(5_000, 1, 0.2), rung(10_000, 2, 0.3), rung(20_000, 30, 0.5));
        EchoScore.OfferedRates b = ladder(rung(5_000, 1, 0.2), rung(10_000, 2, 0.3), rung(20_000, 4, 0.5), rung(40_000, 50, 0.7));
        EchoScore.OfferedRates c = ladder(rung(5_000, 1, 0.2), rung(10_000, 20, 0.3));
        assertEquals("10,000", EchoLatency.sustained(List.of(a, b, c)).text());
        assertEquals("server (p99 30.0 ms at 20,000/s)", EchoLatency.claimed(List.of(a, b, c)).limit());
    }

    @Test
    void aClimbThatEndedOnABusyGeneratorIsAtLeast() {
        EchoScore.OfferedRates a = ladder(rung(5_000, 1, 0.2), rung(10_000, 2, 0.95));
        assertEquals("at least 10,000", EchoLatency.sustained(List.of(a)).text());
        assertEquals("generator (its own p99 lag 0.05 ms, its cpu 0.95 busy at 10,000/s)",
                EchoLatency.claimed(List.of(a)).limit());
        EchoScore.OfferedRates headroom = ladder(rung(5_000, 1, 0.2), rung(10_000, 2, 0.3));
        assertEquals("at least 10,000", EchoLatency.sustained(List.of(headroom)).text());
        assertTrue(EchoLatency.claimed(List.of(headroom)).limit().startsWith("headroom"));
    }

    @Test
    void ofTwoRepetitionsTheLowerIsClaimedAndNoneSustainedReadsBelowTheFirstRate() {
        EchoScore.OfferedRates none = ladder(rung(5_000, 12, 0.2));
        EchoScore.OfferedRates some = ladder(rung(5_000, 1, 0.2), rung(10_000, 20, 0.3));
        assertEquals("below 5,000", EchoLatency.sustained(List.of(some, none)).text());
        assertEquals("5,000", EchoLatency.sustained(List.of(some)).text());
    }

    /** A p99's range over repetitions holds their median as often as the cell says, on a skewed tail. */
    @Test
    void aRangeOverRepetitionsHoldsTheMedianAsOftenAsStated() {
        assertEquals(0.75, EchoLatency.rangeHoldsMedian(3), 1e-12);
        assertEquals(0.96875, EchoLatency.rangeHoldsMedian(6), 1e-12);
        // p99s of one-second rungs: log-normal with a heavy spread (44.1, 1.8, 0.3, 24.6, 28.9 ms were seen)
        java.util.Random random = new java.util.Random(11);
        double median = 5.0; // exp(mu) of the draws below
        for (int n : new int[] {3, 6}) {
            int held = 0;
            int trials = 20_000;
            for (int t = 0; t < trials; t++) {
                double lo = Double.MAX_VALUE;
                double hi = 0;
                for (int i = 0; i < n; i++) {
                    double x = Math.exp(Math.log(median) + 1.5 * random.nextGaussian());
                    lo = Math.min(lo, x);
                    hi = Math.max(hi, x);
                }
                held += lo <= median && median <= hi ? 1 : 0;
            }
            double se = Math.sqrt(EchoLatency.rangeHoldsMedian(n) * (1 - EchoLatency.rangeHoldsMedian(n)) / trials);
            assertEquals(EchoLatency.rangeHoldsMedian(n), (double) held / trials, 4 * se, "n = " + n);
        }
    }
}
