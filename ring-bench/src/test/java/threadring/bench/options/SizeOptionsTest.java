package threadring.bench.options;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Option;
import threadring.bench.util.UsageException;
import threadring.core.Workload;
import threadring.core.fanout.FanOut;
import threadring.core.fanout.FanOutSize;
import threadring.core.ring.Ring;
import threadring.core.ring.RingSize;

/** Which series the workload options resolve to, and which combinations they refuse (with stand-in workload options). */
class SizeOptionsTest {

    /** The ring's stand-in: {@code --beads N} per series, run by every command, 1000 hops per check. */
    static final class Beads implements WorkloadOptions<RingSize> {
        @Option(names = "--beads")
        List<Integer> beads = new ArrayList<>();

        @Override
        public Workload<RingSize, ?> workload() {
            return Ring.WORKLOAD;
        }

        @Override
        public boolean byDefault(Context c) {
            return true;
        }

        @Override
        public List<RingSize> series(Context c, List<Integer> works) {
            return SizeOptions.or(beads, List.of(503)).stream().map(RingSize::classic).toList();
        }

        @Override
        public Integer steps(Context c) {
            return c.check() ? Integer.valueOf(1000) : null;
        }

        @Override
        public List<String> given() {
            return beads.isEmpty() ? List.of() : List.of("--beads");
        }

        @Override
        public List<String> arguments() {
            return SizeOptions.repeat("--beads", beads);
        }
    }

    /** The fan-out's stand-in: {@code --spread T} tasks, takes --work, run by a sweep only. */
    static final class Spread implements WorkloadOptions<FanOutSize> {
        @Option(names = "--spread")
        List<Integer> tasks = new ArrayList<>();

        @Override
        public Workload<FanOutSize, ?> workload() {
            return FanOut.WORKLOAD;
        }

        @Override
        public boolean byDefault(Context c) {
            return !c.check();
        }

        @Override
        public boolean takesWork() {
            return true;
        }

        @Override
        public List<FanOutSize> series(Context c, List<Integer> works) {
            List<FanOutSize> s = new ArrayList<>();
            for (int t : SizeOptions.or(tasks, List.of(100))) {
                for (int w : SizeOptions.or(works, List.of(0))) {
                    s.add(new FanOutSize(t, 0, w));
                }
            }
            return s;
        }

        @Override
        public Integer steps(Context c) {
            return 1;
        }

        @Override
        public List<String> given() {
            return tasks.isEmpty() ? List.of() : List.of("--spread");
        }

        @Override
        public List<String> arguments() {
            return SizeOptions.repeat("--spread", tasks);
        }
    }

    private static final Context RUN = new Context(false, false, false, Map.of());
    private static final Context CHECK = Context.check(Map.of());

    private static SizeOptions parse(String... args) {
        SizeOptions o = new SizeOptions();
        CommandLine cmd = new CommandLine(o);
        o.add(cmd, List.of(new Beads(), new Spread()));
        cmd.parseArgs(args);
        return o;
    }

    @Test
    void withoutWorkloadEachCommandRunsItsDefaults() {
        SizeOptions.Sizes run = parse().resolve(RUN);
        assertEquals(List.of(Ring.WORKLOAD, FanOut.WORKLOAD), run.workloads());
        assertEquals(List.of(RingSize.classic(503), new FanOutSize(100, 0, 0)), run.series());
        assertEquals(Map.of(FanOut.WORKLOAD, 1), run.steps());

        SizeOptions.Sizes check = parse().resolve(CHECK);
        assertEquals(List.of(Ring.WORKLOAD), check.workloads());
        assertEquals(List.of(RingSize.classic(503)), check.series());
        assertEquals(Map.of(Ring.WORKLOAD, 1000), check.steps());
    }

    @Test
    void workIsASeriesPerValueOfTheWorkloadsThatTakeIt() {
        SizeOptions.Sizes s = parse("--workload", "fanout", "--workload", "ring", "--workload", "fanout", "--work", "0",
                "--work", "1000", "--beads", "5", "--beads", "7").resolve(RUN);
        assertEquals(List.of(FanOut.WORKLOAD, Ring.WORKLOAD), s.workloads());
        assertEquals(List.of(new FanOutSize(100, 0, 0), new FanOutSize(100, 0, 1000), RingSize.classic(5),
                RingSize.classic(7)), s.series());
        assertEquals(List.of(RingSize.classic(5), RingSize.classic(7)), s.of(Ring.WORKLOAD));
    }

    @Test
    void anOptionOfAWorkloadNotRunIsRefusedNamingIt() {
        UsageException e = assertThrows(UsageException.class,
                () -> parse("--workload", "fanout", "--beads", "5", "--beads", "9").resolve(RUN));
        assertEquals("--beads 5 applies to the ring: add --workload ring", e.getMessage());
    }

    @Test
    void workWithoutAWorkloadThatTakesItIsRefused() {
        UsageException e = assertThrows(UsageException.class,
                () -> parse("--workload", "ring", "--work", "3").resolve(RUN));
        assertEquals("--work 3 applies to the fan-out: add --workload fanout", e.getMessage());
        // a check runs only the ring by default: --work alone does not reach the fan-out either
        assertThrows(UsageException.class, () -> parse("--work", "3").resolve(CHECK));
    }

    @Test
    void theOptionsGivenComeBackAsNamesAndAsArguments() {
        SizeOptions o = parse("--workload", "ring", "--work", "2", "--spread", "10", "--beads", "5");
        assertEquals(List.of("--workload", "--work", "--beads", "--spread"), o.given());
        assertEquals(List.of("--workload", "ring", "--work", "2", "--beads", "5", "--spread", "10"), o.arguments());
        assertEquals(List.of(), parse().given());
    }
}
