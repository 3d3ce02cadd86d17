package threadring.ox;

import com.softwaremill.jox.Channel;
import threadring.threads.Handoff.Mailbox;

/** A jox channel as a node's inbox, used straight from Java in ring-threads' node loop. */
final class JoxMailbox implements Mailbox {

    private final Channel<Integer> channel;
    private final boolean rendezvous;

    JoxMailbox(int capacity) {
        rendezvous = capacity == 0;
        channel = capacity == 0 ? Channel.newRendezvousChannel() : Channel.newBufferedChannel(capacity);
    }

    @Override
    public void put(int token) throws InterruptedException {
        channel.send(token);
    }

    @Override
    public int take() throws InterruptedException {
        return channel.receive();
    }

    @Override
    public boolean synchronous() {
        return rendezvous;
    }
}
