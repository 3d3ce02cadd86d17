package threadring.bench.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import threadring.bench.data.Score;
import threadring.bench.stats.Forks;
import threadring.core.ring.RingSize;

/** How many forks a task of the rounds still wants, from its forks so far (no JMH fork started). */
class RoundsTest {

    private static final int STEPS = 1000;

    private static Rounds.TaskState task() {
        HostSpec.Config c = new HostSpec.Config("c", "java", Runtime.version().feature(), 2);
        Rounds.TaskState s = new Rounds.TaskState(new HostSpec.Task("c", "job", RingSize.classic(503), STEPS, "x/y"), c);
        s.steps = STEPS;
        return s;
    }

    /** A fork of 2 warm-up and 8 measured iterations of 10 passes at about {@code nsPerStep}. */
    private static Score.Fork fork(double nsPerStep) {
        List<Score.Iteration> all = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            double ns = nsPerStep * (1 + 0.004 * Math.sin(i * 1.7));
            all.add(new Score.Iteration(10, ns * STEPS / 1e6, null));
        }
        return new Score.Fork(all.subList(0, 2), all.subList(2, 10), 1, null);
    }

    private static void add(Rounds.TaskState s, double... levels) {
        for (double l : levels) {
            s.forks.add(fork(l));
        }
    }

    @Test
    void aTaskIsActiveOnlyWithStepsAndNoFailureOrLimit() {
        Rounds.TaskState s = task();
        assertTrue(s.active());
        s.steps = null;
        assertFalse(s.active());
        s.steps = STEPS;
        s.limit = "too many threads";
        assertFalse(s.active());
        s.limit = null;
        s.failure = "hung";
        assertFalse(s.active());
    }

    @Test
    void beforeItsPlanATaskWantsThePilot() {
        Rounds.TaskState s = task();
        add(s, 100, 101);
        assertEquals(4, s.wanted(4, 10));
    }

    @Test
    void eachForksLevelIsItsSteadyLevel() {
        Rounds.TaskState s = task();
        add(s, 100, 150);
        List<Double> levels = s.levels();
        assertEquals(2, levels.size());
        assertEquals(100, levels.get(0), 1.0);
        assertEquals(150, levels.get(1), 1.5);
    }

    @Test
    void anAgreeingTaskWantsItsPlan() {
        Rounds.TaskState s = task();
        add(s, 100, 101, 99, 100);
        s.planned = 6;
        assertFalse(Forks.split(s.levels()));
        assertEquals(6, s.wanted(4, 10));
    }

    @Test
    void aTaskInStatesWantsOneMoreForkEachRoundUpToItsCap() {
        Rounds.TaskState s = task();
        add(s, 100, 100, 150, 150);
        s.planned = 4;
        assertTrue(Forks.split(s.levels()));
        assertEquals(5, s.wanted(4, 10));
        add(s, 100);
        assertEquals(6, s.wanted(4, 10));
        // at the cap it wants no more than its plan
        assertEquals(4, s.wanted(4, 5));
    }

    @Test
    void aTaskInStatesWhoseSharesAreKnownWantsItsPlan() {
        Rounds.TaskState s = task();
        add(s, 100, 100, 100, 100, 100, 100, 100, 100, 150, 150, 150, 150, 150, 150, 150, 150);
        s.planned = 4;
        assertTrue(Forks.split(s.levels()));
        assertTrue(Forks.sharesKnown(s.levels()));
        assertEquals(4, s.wanted(4, 20));
    }
}
