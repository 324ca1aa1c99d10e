package dev.repofix.exec;

import dev.repofix.config.HostEnvironment;
import java.util.Objects;
import java.util.Optional;

/**
 * Where the Docker engine listens, as the {@code docker} CLI reads it: {@code DOCKER_HOST}
 * (default the local socket), {@code DOCKER_TLS_VERIFY} and {@code DOCKER_CERT_PATH}.
 *
 * @param dockerHost e.g. {@code unix:///var/run/docker.sock} or {@code tcp://10.0.0.5:2376}
 * @param tlsVerify  whether to use TLS with client certificates
 * @param certPath   folder of {@code ca.pem}, {@code cert.pem}, {@code key.pem}; empty for the default
 */
public record EngineAddress(String dockerHost, boolean tlsVerify, Optional<String> certPath) {
    public static final String DEFAULT_HOST = "unix:///var/run/docker.sock";

    public EngineAddress {
        Objects.requireNonNull(dockerHost, "dockerHost");
        Objects.requireNonNull(certPath, "certPath");
    }

    /** The address the caller's environment names. */
    public static EngineAddress of(HostEnvironment host) {
        boolean tls = host.get("DOCKER_TLS_VERIFY").filter(v -> !v.equals("0") && !v.equalsIgnoreCase("false"))
                .isPresent();
        Optional<String> certs = host.get("DOCKER_CERT_PATH")
                .or(() -> tls ? host.get("HOME").map(h -> h + "/.docker") : Optional.empty());
        return new EngineAddress(host.get("DOCKER_HOST").orElse(DEFAULT_HOST), tls, certs);
    }

    @Override
    public String toString() {
        return dockerHost;
    }
}
