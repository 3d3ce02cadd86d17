package threadring.bench.echo;

import threadring.bench.data.Score;
import threadring.bench.data.ScoreKind;

/** The echo server's score in run.json: {@code "kind": "echo"}, an {@link EchoScore}. */
public final class EchoScoreKind implements ScoreKind {

    @Override
    public String name() {
        return "echo";
    }

    @Override
    public Class<? extends Score> type() {
        return EchoScore.class;
    }
}
