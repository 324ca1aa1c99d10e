package dev.repofix.model;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.repofix.config.Durations;
import dev.repofix.config.RepofixException.ErrorKind;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.DoubleSupplier;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * POSTs JSON to a model API with bounded time and retries: 429, 500, 502, 503, 504, 529 and
 * I/O failures are retried with backoff ({@link RetryPolicy}), a malformed 200 once; the rest
 * becomes a {@link ModelException} that says what to do. A post's timeout bounds each attempt,
 * or, for a post {@linkplain Post#whole whole}, the post, retries and the wait for a free slot
 * included; an attempt that timed out after it was sent
 * is not sent again (a server that serves one request at a time would still be computing it,
 * and the copy would queue behind it). At most {@code permits} posts are in flight at once. Redirects are refused, never
 * followed, so the key reaches the configured host only. Every message passes
 * {@link #redact}, so the key never leaves this class in text.
 */
final class ModelHttp {
    private static final Logger LOG = LoggerFactory.getLogger(ModelHttp.class);
    private static final Set<Integer> RETRYABLE = Set.of(429, 500, 502, 503, 504, 529);
    private static final int MAX_API_MESSAGE = 300;
    /**
     * A chat answer is a few kilobytes, an error page a few more; a body past this is no
     * answer, and is not read whole into memory.
     */
    static final int MAX_BODY_BYTES = 8 * 1024 * 1024;

    private final HttpClient client;
    private final RetryPolicy policy;
    private final Sleeper sleeper;
    private final RetryDelays delays;
    private final DoubleSupplier jitter;
    private final Optional<String> secret;
    private final String keyVariable;
    private final ObjectMapper json = new ObjectMapper();
    private final Clock clock;
    private final Optional<Semaphore> slots;

    ModelHttp(Duration connectTimeout, RetryPolicy policy, Sleeper sleeper, Clock clock, DoubleSupplier jitter,
            Optional<String> secret, String keyVariable) {
        this(connectTimeout, policy, sleeper, clock, jitter, secret, keyVariable, 0);
    }

    /** @param permits posts in flight at once; 0 for no limit */
    ModelHttp(Duration connectTimeout, RetryPolicy policy, Sleeper sleeper, Clock clock, DoubleSupplier jitter,
            Optional<String> secret, String keyVariable, int permits) {
        // NEVER is the default; said here because it is what keeps the key on the configured
        // host: a followed redirect would carry the key's header to wherever it points.
        this.client = HttpClient.newBuilder().connectTimeout(connectTimeout).version(HttpClient.Version.HTTP_1_1)
                .followRedirects(HttpClient.Redirect.NEVER).build();
        this.policy = Objects.requireNonNull(policy, "policy");
        this.sleeper = Objects.requireNonNull(sleeper, "sleeper");
        this.delays = new RetryDelays(clock);
        this.jitter = Objects.requireNonNull(jitter, "jitter");
        this.secret = Objects.requireNonNull(secret, "secret");
        this.keyVariable = Objects.requireNonNull(keyVariable, "keyVariable");
        this.clock = clock;
        this.slots = permits > 0 ? Optional.of(new Semaphore(permits, true)) : Optional.empty();
    }

    /** A POST helper for one API: jitter from {@link ThreadLocalRandom}, the key known only to redact it. */
    static ModelHttp forApi(Duration connectTimeout, RetryPolicy policy, Sleeper sleeper, Clock clock,
            Optional<String> key, String keyVariable, int permits) {
        return new ModelHttp(connectTimeout, policy, sleeper, clock, () -> ThreadLocalRandom.current().nextDouble(),
                key, keyVariable, permits);
    }

    /** How settings print a key: where it came from, never its value. */
    static String describeKey(Optional<String> key, String keyVariable) {
        return key.isPresent() ? "<from " + keyVariable + ">" : "<none>";
    }

    /**
     * One POST to make. {@code headers} may hold the key, so {@code toString} leaves them out.
     *
     * @param model named in a 404's message
     * @param whole whether {@code timeout} bounds the whole post (a stage's share of the run's
     *              budget), not each attempt
     */
    record Post(URI uri, Map<String, String> headers, String body, Duration timeout, String model, boolean whole) {
        Post {
            headers = Map.copyOf(headers);
        }

        Post(URI uri, Map<String, String> headers, String body, Duration timeout, String model) {
            this(uri, headers, body, timeout, model, false);
        }

        @Override
        public String toString() {
            return "Post[" + uri + ", model=" + model + "]";
        }
    }

    /** Why an attempt failed in a way worth repeating. */
    private static final class Retry extends Exception {
        private static final long serialVersionUID = 1L;
        private final transient Optional<Duration> serverDelay;
        private final boolean unreachable;
        private final boolean malformed;

        Retry(String reason, Optional<Duration> serverDelay, Throwable cause, boolean unreachable,
                boolean malformed) {
            super(reason, cause, false, false);
            this.serverDelay = serverDelay;
            this.unreachable = unreachable;
            this.malformed = malformed;
        }

        String reason() {
            return getMessage();
        }
    }

    /**
     * Sends {@code post} until {@code reader} accepts a 200 body, the attempts are spent or
     * its timeout is.
     */
    <T> T post(Post post, Function<JsonNode, T> reader) {
        Optional<Instant> end = post.whole() ? Optional.of(clock.instant().plus(post.timeout())) : Optional.empty();
        if (slots.isEmpty()) {
            return attempts(post, reader, end);
        }
        acquire(slots.get(), post, end);
        try {
            return attempts(post, reader, end);
        } finally {
            slots.get().release();
        }
    }

    private void acquire(Semaphore slot, Post post, Optional<Instant> end) {
        try {
            if (!slot.tryAcquire(left(post, end).toMillis(), TimeUnit.MILLISECONDS)) {
                throw ModelException.timedOut("no answer from " + host(post.uri()) + " within "
                        + Durations.format(post.timeout())
                        + ": the request waited that long for another one to the same endpoint to end "
                        + "(--model-concurrency)", null);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw fail(ErrorKind.RUNTIME, "interrupted while waiting to ask " + host(post.uri()), e);
        }
    }

    /** The time the next attempt may take: what is left of a whole post's timeout, else the timeout. */
    private Duration left(Post post, Optional<Instant> end) {
        if (end.isEmpty()) {
            return post.timeout();
        }
        Duration left = Duration.between(clock.instant(), end.get());
        return left.isNegative() ? Duration.ZERO : left;
    }

    private <T> T attempts(Post post, Function<JsonNode, T> reader, Optional<Instant> end) {
        boolean malformedSeen = false;
        for (int attempt = 1;; attempt++) {
            Retry retry;
            try {
                return attempt(post, reader, left(post, end));
            } catch (Retry e) {
                retry = e;
            }
            if (retry.malformed && (malformedSeen || attempt >= policy.maxAttempts())) {
                throw fail(ErrorKind.RUNTIME, "the model API at " + host(post.uri())
                        + " answered with malformed JSON: " + retry.reason(), retry.getCause());
            }
            malformedSeen |= retry.malformed;
            if (attempt >= policy.maxAttempts()) {
                throw spent(post.uri(), attempt, retry);
            }
            Duration delay = retry.serverDelay.isPresent() ? policy.cap(retry.serverDelay.get())
                    : delays.jittered(policy.ceiling(attempt), jitter.getAsDouble());
            if (end.isPresent() && left(post, end).compareTo(delay.plusSeconds(1)) < 0) {
                throw fail(ErrorKind.RUNTIME, "no answer from " + host(post.uri()) + " within "
                        + Durations.format(post.timeout())
                        + " (attempt " + attempt + ": " + retry.reason() + "); no time left in the request's "
                        + "limit for another attempt", retry.getCause());
            }
            LOG.warn("the model API at {} failed ({}); retry {} of {} in {} ms", host(post.uri()),
                    redact(retry.reason()), attempt, policy.maxAttempts() - 1, delay.toMillis());
            pause(delay, post.uri());
        }
    }

    private <T> T attempt(Post post, Function<JsonNode, T> reader, Duration timeout) throws Retry {
        if (timeout.compareTo(Duration.ofMillis(1)) < 0) {
            throw ModelException.timedOut("no answer from " + host(post.uri()) + " within "
                    + Durations.format(post.timeout()), null);
        }
        HttpRequest.Builder request = HttpRequest.newBuilder(post.uri()).timeout(timeout)
                .header("content-type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(post.body()));
        post.headers().forEach(request::header);
        HttpResponse<java.io.InputStream> response;
        String body;
        try {
            response = client.send(request.build(), HttpResponse.BodyHandlers.ofInputStream());
            body = bounded(response.body(), post.uri());
        } catch (HttpTimeoutException e) {
            if (e instanceof HttpConnectTimeoutException) {
                throw new Retry(ioReason(e, timeout), Optional.empty(), e, true, false);
            }
            // Sent, and the server may still be computing it: a copy would queue behind it.
            throw ModelException.timedOut(redact("no answer from " + host(post.uri()) + " within "
                    + Durations.format(timeout) + " (model " + post.model() + "); not sent again, as the server may still be "
                    + "computing it: raise --model-timeout or --timeout, or ask a faster model"), e);
        } catch (IOException e) {
            throw new Retry(ioReason(e, timeout), Optional.empty(), e, e instanceof ConnectException,
                    false);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw fail(ErrorKind.RUNTIME, "interrupted while waiting for " + host(post.uri()), e);
        }
        int status = response.statusCode();
        if (status / 100 == 2) {
            return read(body, reader);
        }
        if (status / 100 == 3) {
            throw redirect(post, status, response.headers().firstValue("location"));
        }
        if (RETRYABLE.contains(status)) {
            throw new Retry("HTTP " + status + apiMessage(body).map(m -> " (" + m + ")").orElse(""),
                    delays.fromHeaders(response.headers()), null, false, false);
        }
        throw refusal(post, status, body);
    }

    /** The body as text, refused past {@link #MAX_BODY_BYTES}. */
    private String bounded(java.io.InputStream in, URI uri) throws IOException {
        try (in) {
            byte[] bytes = in.readNBytes(MAX_BODY_BYTES + 1);
            if (bytes.length > MAX_BODY_BYTES) {
                throw fail(ErrorKind.RUNTIME, "the model API at " + host(uri) + " answered with more than "
                        + MAX_BODY_BYTES / 1024 / 1024 + " MiB; that is no chat answer: check --base-url", null);
            }
            return new String(bytes, java.nio.charset.StandardCharsets.UTF_8);
        }
    }

    private <T> T read(String body, Function<JsonNode, T> reader) throws Retry {
        try {
            return reader.apply(json.readTree(body));
        } catch (JsonProcessingException e) {
            // No cause kept: the parser's message may quote the body, and so whatever the body echoes.
            throw new Retry(redact(e.getOriginalMessage()), Optional.empty(), null, false, true);
        } catch (MalformedAnswer e) {
            throw new Retry(e.getMessage(), Optional.empty(), e, false, true);
        }
    }

    private ModelException refusal(Post post, int status, String body) {
        String api = apiMessage(body).map(m -> ": " + m).orElse("");
        // No API message for 401/403: OpenAI's echoes a part of the key it refused.
        if (status == 401 || status == 403) {
            return refused(ErrorKind.INPUT, "the model API at " + host(post.uri()) + " refused the key (HTTP " + status
                    + "): set the variable " + keyVariable + " to a valid key");
        }
        if (status == 404) {
            return refused(ErrorKind.INPUT, "the model API at " + host(post.uri()) + " has no " + post.uri().getPath()
                    + " for model " + post.model() + " (HTTP 404" + api + "): check --base-url and --model");
        }
        ErrorKind kind = status / 100 == 4 ? ErrorKind.INPUT : ErrorKind.RUNTIME;
        // OpenAI, vLLM: "maximum context length"; llama.cpp: "exceeds the available context size".
        boolean window = status == 400 && api.toLowerCase(java.util.Locale.ROOT).matches(".*context (length|size).*");
        return refused(kind, "the model API at " + host(post.uri()) + " rejected the request (HTTP " + status + ")"
                + api + (window ? "; state the model's window with --model-context, and repofix cuts every request "
                        + "to fit it" : ""));
    }

    /**
     * A redirect is never followed: the key goes to the configured host only. The target's
     * host is named (not its path or query, which the server chose) so the operator can
     * point base-url there if that is where the API really is.
     */
    private ModelException redirect(Post post, int status, Optional<String> location) {
        String target = location.flatMap(ModelHttp::hostOf).map(h -> " to " + h).orElse("");
        return refused(ErrorKind.INPUT, "the model API at " + host(post.uri()) + " answered with a redirect (HTTP "
                + status + ")" + target + "; repofix sends the key to the configured host only and does not follow "
                + "redirects: set --base-url to the address that answers without one");
    }

    private static Optional<String> hostOf(String location) {
        try {
            URI target = URI.create(location.strip());
            return target.getHost() == null ? Optional.empty() : Optional.of(host(target));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    private ModelException spent(URI uri, int attempts, Retry last) {
        if (last.unreachable) {
            return fail(ErrorKind.RUNTIME, "cannot reach the model API at " + host(uri) + " after " + attempts
                    + " attempts (" + last.reason() + "): check --base-url", last.getCause());
        }
        return fail(ErrorKind.RUNTIME, "no answer from " + host(uri) + " after " + attempts + " attempts: "
                + last.reason(), last.getCause());
    }

    private void pause(Duration delay, URI uri) {
        try {
            sleeper.sleep(delay);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw fail(ErrorKind.RUNTIME, "interrupted while waiting to retry " + host(uri), e);
        }
    }

    private static String ioReason(IOException e, Duration timeout) {
        if (e instanceof HttpConnectTimeoutException) {
            return "could not connect within " + Durations.format(timeout);
        }
        if (e instanceof HttpTimeoutException) {
            return "timed out after " + Durations.format(timeout);
        }
        if (e instanceof ConnectException) {
            return "connection refused or host unknown";
        }
        String detail = e.getMessage() == null ? "" : ": " + e.getMessage();
        return e.getClass().getSimpleName() + detail;
    }

    /** The API's own error text: {@code error.message}, a string {@code error}, or the body, cut short. */
    private Optional<String> apiMessage(String body) {
        if (body == null || body.isBlank()) {
            return Optional.empty();
        }
        String text = body.strip();
        try {
            JsonNode root = json.readTree(body);
            JsonNode error = root.path("error");
            text = error.isTextual() ? error.asText() : JsonFields.text(error, "/message", text);
        } catch (JsonProcessingException e) {
            // not JSON: the body itself is the best message there is
        }
        text = text.replaceAll("\\s+", " ");
        return Optional.of(text.length() > MAX_API_MESSAGE ? text.substring(0, MAX_API_MESSAGE) + "…" : text);
    }

    private ModelException fail(ErrorKind kind, String message, Throwable cause) {
        return new ModelException(kind, redact(message), cause);
    }

    private ModelException refused(ErrorKind kind, String message) {
        return ModelException.refused(kind, redact(message));
    }

    /** {@code text} with the key, should it appear, replaced by the name of its variable. */
    String redact(String text) {
        return secret.filter(s -> !s.isEmpty()).map(s -> text.replace(s, "<" + keyVariable + ">")).orElse(text);
    }

    static String host(URI uri) {
        return uri.getPort() == -1 ? uri.getHost() : uri.getHost() + ":" + uri.getPort();
    }
}
