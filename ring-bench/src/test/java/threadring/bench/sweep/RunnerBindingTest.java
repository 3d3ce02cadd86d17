package threadring.bench.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import threadring.bench.data.Runs;
import threadring.bench.data.Settings;
import threadring.bench.echo.EchoJobs;
import threadring.bench.jmh.JmhJobs;
import threadring.bench.plan.Plan;
import threadring.bench.plan.Runner;
import threadring.core.RingFactories;
import threadring.core.Size;
import threadring.core.echo.EchoSize;
import threadring.core.ring.RingSize;

/** The sweep's dispatch: each plan goes to the runner of its kind of size, typed alike, or fails naming it. */
class RunnerBindingTest {

    private static final Settings SETTINGS = Runs.settings(List.of());
    private static final JmhJobs JMH = new JmhJobs(SETTINGS, Path.of("benchmarks.jar"), 1L);
    private static final EchoJobs ECHO = new EchoJobs(SETTINGS, Path.of("benchmarks.jar"), Optional.empty(), 1L);

    private static Plan<?> plan(Size size) {
        return new Plan<>("virtual", List.of(RingFactories.load().require("virtual/socket")), size, null);
    }

    @Test
    void aTimedPlanGoesToJmhAndAServedOneToTheLoad() {
        Runner.Bound<?> ring = Sweep.bind(List.of(ECHO, JMH), plan(RingSize.classic(503)));
        assertSame(JMH, ring.runner());
        assertEquals(RingSize.classic(503).benchmark(), ring.benchmark());

        Runner.Bound<?> echo = Sweep.bind(List.of(JMH, ECHO), plan(new EchoSize(1000, 0)));
        assertSame(ECHO, echo.runner());
        assertTrue(echo.cannotRun().isPresent(), "no wrk given: the echo plan cannot run here, and says why");
    }

    @Test
    void aRunnerTakesOnlyItsOwnKind() {
        assertTrue(JMH.bind(plan(new EchoSize(1000, 0))).isEmpty());
        assertTrue(ECHO.bind(plan(RingSize.classic(503))).isEmpty());
    }

    @Test
    void aPlanNoRunnerMeasuresFailsNamingIt() {
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> Sweep.bind(List.of(JMH), plan(new EchoSize(1000, 0))));
        assertTrue(e.getMessage().startsWith("no runner measures "), e.getMessage());
    }

    /** The runner kinds on the class path: JMH's and the echo load's, in the services file's order. */
    @Test
    void theRunnerKindsOnTheClassPathAreJmhsAndTheLoads() {
        assertEquals(List.of(JmhJobs.class, EchoJobs.class), threadring.bench.plan.RunnerKind
                .all(SETTINGS, Path.of("benchmarks.jar")).stream().map(Object::getClass).toList());
    }

    /**
     * Where two runners' kinds fit, the narrower takes the plan (a workload's own runner before
     * JMH's, whatever their order). Two kinds neither of which is narrower fail naming the plan
     * ({@code WorkloadByTestsIT} met it, before its fixture's runners took their sizes' own kinds).
     */
    @Test
    void theNarrowerKindTakesThePlanAndUnrelatedKindsFail() {
        Runner<RingSize> rings = new Narrow<>(RingSize.class);
        for (List<Runner<?>> runners : List.<List<Runner<?>>>of(List.of(JMH, rings), List.of(rings, JMH))) {
            assertSame(rings, Sweep.bind(runners, plan(RingSize.classic(503))).runner());
        }
        assertSame(JMH, Sweep.bind(List.of(JMH, rings), plan(new threadring.core.rendezvous.RendezvousSize())).runner());
        Runner<Size> any = new Narrow<>(Size.class);
        assertSame(rings, Sweep.bind(List.of(any, JMH, rings), plan(RingSize.classic(503))).runner());
        Runner<RingSize> twin = new Narrow<>(RingSize.class);
        assertSame(twin, Sweep.bind(List.of(JMH, twin, rings), plan(RingSize.classic(503))).runner(),
                "two of the same kind: the first listed");
    }

    /** A runner of one kind that runs nothing. */
    private record Narrow<S extends Size>(Class<S> kind) implements Runner<S> {
        @Override
        public String benchmark(Plan<S> plan) {
            return "none";
        }

        @Override
        public double estimate(Plan<S> plan) {
            return 0;
        }

        @Override
        public String progress() {
            return "narrow";
        }

        @Override
        public void schedule(threadring.bench.data.Configuration c, Plan<S> plan) {}

        @Override
        public List<threadring.bench.data.Job> run(Session session) {
            return List.of();
        }
    }
}
