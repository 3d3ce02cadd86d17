package threadring.quasar;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import threadring.core.RingFactories;
import threadring.core.RingFactory;
import threadring.core.ring.Ring;
import threadring.core.ring.RingSize;
import threadring.core.ring.Rings;

/**
 * The regression test of quasar/channel-p2's hang: five tokens on two scheduler threads, with
 * depth 9 or with work 17, never answered within 10^6 hops before quasar-runtime fenced
 * QueueChannel.signalSenders() (FencePatch). Built with {@code -Dquasar.fence=none} (Quasar's own
 * class), this test fails: the child JVM does not end.
 */
class ChannelHangTest {

    static final String ID = "quasar/channel-p2";
    static final int HOPS = 1_000_003;
    static final int PASSES = 10;
    static final List<RingSize> SHAPES = List.of(new RingSize(97, 5, 9, 0), new RingSize(97, 5, 0, 17));

    /** In the child JVM: ten verified passes of each shape, then exit status 0. */
    public static void main(String[] args) {
        RingFactory f = RingFactories.load().require(ID);
        for (RingSize shape : SHAPES) {
            try (Ring ring = Rings.open(f, shape)) {
                for (int i = 1; i <= PASSES; i++) {
                    Rings.verify(ID, shape, HOPS, ring.pass(HOPS));
                    System.out.println(ID + " " + shape + " hops=" + HOPS + " pass " + i + " ok");
                }
            }
        }
        System.exit(0);
    }

    @Test
    void severalTokensWithDepthOrWorkOnTwoSchedulerThreadsAlwaysAnswer() throws Exception {
        List<String> command = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElseThrow()));
        command.addAll(QuasarRings.JVM_ARGS);
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), ChannelHangTest.class.getName()));
        Path log = Files.createTempFile("channel-hang", ".log");
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
            if (!p.waitFor(180, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new AssertionError(ID + " did not answer " + PASSES + " passes of " + HOPS + " hops per shape "
                        + SHAPES + " within 180 s (a lost wake-up):\n" + Files.readString(log, StandardCharsets.UTF_8));
            }
            String out = Files.readString(log, StandardCharsets.UTF_8);
            assertEquals(0, p.exitValue(), out);
            assertEquals(PASSES * SHAPES.size(), out.lines().filter(l -> l.endsWith(" ok")).count(), out);
        } finally {
            Files.deleteIfExists(log);
        }
    }
}
