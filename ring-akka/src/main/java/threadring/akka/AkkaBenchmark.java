package threadring.akka;

import org.openjdk.jmh.annotations.Param;
import threadring.core.RingBenchmark;

/**
 * Actors, one per node: Akka 2.6 typed and classic and Pekko typed, on the default fork-join
 * dispatcher and on a one-thread dispatcher (-p1, set up by the bundled config, no JVM flags).
 */
public class AkkaBenchmark extends RingBenchmark {

    @Param({"akka/typed", "akka/typed-p1", "akka/classic", "akka/classic-p1",
            "akka/pekko-typed", "akka/pekko-typed-p1"})
    public String impl;

    @Override
    protected String impl() {
        return impl;
    }
}
