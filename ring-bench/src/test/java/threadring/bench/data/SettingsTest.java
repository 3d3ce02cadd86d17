package threadring.bench.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import threadring.bench.rerun.model.Rerun;
import threadring.bench.stats.Forks;
import threadring.bench.stats.RerunComponent;
import threadring.core.echo.EchoServer;
import threadring.core.echo.EchoSize;
import threadring.core.fanout.FanOut;
import threadring.core.fanout.FanOutSize;
import threadring.core.rendezvous.Rendezvous;
import threadring.core.rendezvous.RendezvousSize;
import threadring.core.ring.Ring;
import threadring.core.ring.RingSize;

/** What a run's settings answer: a pass's steps per series, fork counts, and the same settings with a change. */
public class SettingsTest {

    static Settings.Scored scored(Integer forks, int maxForks, Integer stateForks, List<String> jvmArgs) {
        return new Settings.Scored(false, false, forks, maxForks, Presets.WARMUPS, Presets.ITERATIONS,
                Presets.ITERATION_MS, Presets.PASS_MS, Presets.PRECISION, Presets.SETTLE_MS, true, jvmArgs, stateForks,
                null);
    }

    /** A run's settings with a fixed ring pass, every kind of size, flags, cpus and JDKs. */
    public static Settings settings() {
        return new Settings(new Settings.Selection(List.of("^virtual/"), false, List.of(Ring.WORKLOAD,
                Rendezvous.WORKLOAD, FanOut.WORKLOAD, EchoServer.WORKLOAD)),
                List.of(RingSize.classic(503), new RingSize(1000, 10, 5, 100), new RendezvousSize(),
                        new FanOutSize(100_000, 100, 0), new EchoSize(64, 0)),
                Map.of(Ring.WORKLOAD, 5000), scored(null, 6, 10, List.of("-XX:+UseSerialGC")),
                List.of("0", "0-1"), List.of("21", "25"), List.of("gc"), Presets.PROFILING, 42L);
    }

    @Test
    void aPassHasTheFixedStepsTheOperationsStepsOrIsCalibrated() {
        Settings s = settings();
        assertEquals(5000, s.steps(RingSize.classic(503)));
        assertNull(s.steps(new RendezvousSize()), "calibrated per id");
        assertEquals(1, s.steps(new FanOutSize(100_000, 100, 0)));
        assertNull(s.steps(new EchoSize(64, 0)), "a server has no passes");
        assertEquals(Optional.of(5000), s.fixedSteps(Ring.WORKLOAD));
        assertEquals(Optional.empty(), s.fixedSteps(Rendezvous.WORKLOAD));
    }

    @Test
    void theSeriesOfAWorkloadAreInOrder() {
        Settings s = settings();
        assertEquals(List.of(RingSize.classic(503), new RingSize(1000, 10, 5, 100)), s.series(Ring.WORKLOAD));
        assertEquals(List.of(new EchoSize(64, 0)), s.series(EchoServer.WORKLOAD));
        assertEquals(4, s.workloads().size());
    }

    @Test
    void aRowInStatesGetsTheLargerOfStateForksAndMaxForks() {
        assertEquals(10, scored(null, 6, 10, null).stateCap());
        assertEquals(6, scored(null, 6, 3, null).stateCap());
        assertEquals(6, scored(null, 6, null, null).stateCap());
    }

    @Test
    void aRowStartsWithTheForksGivenElseThePilot() {
        assertEquals(Forks.PILOT, scored(null, 6, null, null).startForks());
        assertEquals(2, scored(2, 6, null, null).startForks());
    }

    @Test
    void noJvmArgsRecordedIsNone() {
        assertEquals(List.of(), scored(null, 6, null, null).extraJvmArgs());
        assertEquals(List.of("-Xint"), scored(null, 6, null, List.of("-Xint")).extraJvmArgs());
    }

    @Test
    void withChangesOnlyWhatItNames() {
        Settings s = settings();
        Rerun r = new Rerun(Map.of("ring", new RerunComponent(0.02, 5)), "test");
        Settings.Scored changed = s.scored().withRerun(r);
        assertEquals(r, changed.rerun());
        assertEquals(new Settings.Scored(false, false, null, 6, Presets.WARMUPS, Presets.ITERATIONS,
                Presets.ITERATION_MS, Presets.PASS_MS, Presets.PRECISION, Presets.SETTLE_MS, true,
                List.of("-XX:+UseSerialGC"), 10, r), changed);
        Settings t = s.withScored(changed);
        assertEquals(changed, t.scored());
        assertEquals(new Settings(s.selection(), s.series(), s.steps(), changed, s.cpus(), s.jdks(), s.profilers(),
                s.profiling(), s.seed()), t);
    }
}
