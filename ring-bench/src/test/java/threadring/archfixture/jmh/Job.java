package threadring.archfixture.jmh;

import threadring.archfixture.echo.Load;

/** Fixture: a runner importing another runner, which the rule keeping runners apart forbids. */
public final class Job {
    public int size() {
        return new Load().connections();
    }
}
