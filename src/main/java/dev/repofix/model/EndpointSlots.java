package dev.repofix.model;

import java.net.URI;
import java.util.Locale;
import java.util.OptionalInt;

/** How many requests go to one model endpoint at once, by whether it is on this machine. Pure. */
final class EndpointSlots {
    private EndpointSlots() {}

    /**
     * Posts in flight at once to {@code endpoint}: {@code given} if set, else 1 for a loopback
     * host (a local server computes one answer at a time; a second request only slows the
     * first), else 0, no limit, as hosted APIs take parallel requests and say 429 when not.
     */
    static int permits(URI endpoint, OptionalInt given) {
        if (given.isPresent()) {
            return given.getAsInt();
        }
        return loopback(endpoint) ? 1 : 0;
    }

    /** Whether {@code uri}'s host is this machine: localhost, 127.0.0.0/8 or ::1 (not resolved). */
    static boolean loopback(URI uri) {
        String host = uri.getHost() == null ? "" : uri.getHost().toLowerCase(Locale.ROOT);
        return host.equals("localhost") || host.endsWith(".localhost") || host.matches("127(\\.\\d{1,3}){3}")
                || host.equals("[::1]") || host.equals("::1");
    }
}
