package dev.repofix.model;

import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import java.time.Duration;

/**
 * How many requests a WireMock server received, counted once the first has arrived and a
 * grace period passed: on a loaded machine a request the client gave up on may reach the
 * server's journal late, and a re-send would arrive within the grace period.
 */
public final class ReceivedRequests {
    private ReceivedRequests() {}

    public static int settled(WireMockExtension api, Duration within, Duration grace) throws InterruptedException {
        long end = System.nanoTime() + within.toNanos();
        while (api.getAllServeEvents().isEmpty() && System.nanoTime() < end) {
            Thread.sleep(50);
        }
        Thread.sleep(grace.toMillis());
        return api.getAllServeEvents().size();
    }
}
