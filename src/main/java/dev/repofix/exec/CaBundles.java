package dev.repofix.exec;

import dev.repofix.config.HostEnvironment;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The certificate authorities a sandboxed set-up trusts over HTTPS. A set-up reaches the
 * same network as the host, so it must trust what the host trusts there (a company's or a
 * CI's intercepting proxy has its own authority, which an image's stock bundle lacks): when
 * the image has no bundle, or one without some certificate of the host's, the container
 * gets the union, read-only at the image's bundle path, and the variables the tools read
 * point at it. Pure functions; the executor does the I/O.
 */
final class CaBundles {
    /** Where distributions keep the system bundle (the places Go's crypto/x509 looks on Linux). */
    static final List<String> IMAGE_BUNDLES = List.of("/etc/ssl/certs/ca-certificates.crt",
            "/etc/pki/tls/certs/ca-bundle.crt", "/etc/ssl/ca-bundle.pem", "/etc/pki/tls/cacert.pem",
            "/etc/pki/ca-trust/extracted/pem/tls-ca-bundle.pem", "/etc/ssl/cert.pem");
    /** Tools that read their own bundle instead of the system's: each told where the union is. */
    static final List<String> VARIABLES = List.of("SSL_CERT_FILE", "REQUESTS_CA_BUNDLE", "PIP_CERT",
            "NODE_EXTRA_CA_CERTS", "CARGO_HTTP_CAINFO", "GIT_SSL_CAINFO", "CURL_CA_BUNDLE");
    private static final String FOUND = "repofix-ca-bundle ";
    private static final Pattern CERTIFICATE = Pattern.compile(
            "-----BEGIN CERTIFICATE-----(.*?)-----END CERTIFICATE-----", Pattern.DOTALL);

    private CaBundles() {}

    /** The host's bundle: {@code SSL_CERT_FILE} when it names a file, else the first of {@link #IMAGE_BUNDLES} there. */
    static Optional<Path> onHost(HostEnvironment host, Predicate<Path> isFile) {
        return host.get("SSL_CERT_FILE").filter(v -> !v.isBlank()).map(Path::of).filter(isFile)
                .or(() -> IMAGE_BUNDLES.stream().map(Path::of).filter(isFile).findFirst());
    }

    /** {@link #onHost(HostEnvironment, Predicate)} on this file system. */
    static Optional<Path> onHost(HostEnvironment host) {
        return onHost(host, Files::isRegularFile);
    }

    /** A shell script that prints the image's bundle after a line naming it, or nothing when it has none. */
    static String probeScript() {
        return "for f in " + String.join(" ", IMAGE_BUNDLES) + "; do if [ -s \"$f\" ]; then echo \"" + FOUND
                + "$f\"; cat \"$f\"; exit 0; fi; done";
    }

    /** What {@link #probeScript()} printed, as the image's bundle path and text; empty when it has none. */
    static Optional<Map.Entry<String, String>> imageBundle(String probeOutput) {
        int at = probeOutput.indexOf(FOUND);
        if (at < 0) {
            return Optional.empty();
        }
        int end = probeOutput.indexOf('\n', at);
        String path = probeOutput.substring(at + FOUND.length(), end < 0 ? probeOutput.length() : end).strip();
        return Optional.of(Map.entry(path, end < 0 ? "" : probeOutput.substring(end + 1)));
    }

    /**
     * The image's bundle plus the host's certificates it lacks, or empty when it lacks none
     * (the image's bundle then stays as it is).
     */
    static Optional<String> union(String image, String host) {
        Set<String> have = bodies(image);
        List<String> missing = new ArrayList<>();
        Matcher m = CERTIFICATE.matcher(host);
        while (m.find()) {
            if (!have.contains(body(m.group(1)))) {
                missing.add(m.group());
            }
        }
        if (missing.isEmpty()) {
            return Optional.empty();
        }
        StringBuilder out = new StringBuilder(image.strip());
        if (!out.isEmpty()) {
            out.append('\n');
        }
        missing.forEach(c -> out.append(c).append('\n'));
        return Optional.of(out.toString());
    }

    /**
     * Where a container with network finds the union as a Java trust store: Java reads no PEM
     * bundle, only its own key store, so Maven and Gradle behind an intercepting proxy fail
     * with "PKIX path building failed" while pip and npm, reading the PEM, succeed.
     */
    static final String JAVA_TRUST_STORE = "/etc/ssl/certs/repofix-java-cacerts.p12";

    /** The trust store's password: it holds public certificates only, so it protects nothing. */
    static final String JAVA_TRUST_STORE_PASSWORD = "changeit";

    /**
     * The certificates of {@code pem} as a PKCS12 trust store under
     * {@link #JAVA_TRUST_STORE_PASSWORD}; empty when none parses.
     */
    static Optional<byte[]> javaTrustStore(String pem) {
        try {
            KeyStore store = KeyStore.getInstance("PKCS12");
            store.load(null, null);
            CertificateFactory x509 = CertificateFactory.getInstance("X.509");
            Matcher m = CERTIFICATE.matcher(pem);
            int n = 0;
            while (m.find()) {
                try {
                    store.setCertificateEntry("repofix-" + n++, x509.generateCertificate(
                            new ByteArrayInputStream(m.group().getBytes(StandardCharsets.US_ASCII))));
                } catch (CertificateException e) {
                    n--; // a damaged entry of a bundle: skipped, as the system's tools do
                }
            }
            if (n == 0) {
                return Optional.empty();
            }
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            store.store(out, JAVA_TRUST_STORE_PASSWORD.toCharArray());
            return Optional.of(out.toByteArray());
        } catch (GeneralSecurityException | IOException e) {
            throw new IllegalStateException("cannot write a PKCS12 trust store", e);
        }
    }

    /** The variable that points every JVM at a trust store at {@link #JAVA_TRUST_STORE}. */
    static Map<String, String> javaEnvironment() {
        return Map.of("JAVA_TOOL_OPTIONS", "-Djavax.net.ssl.trustStore=" + JAVA_TRUST_STORE
                + " -Djavax.net.ssl.trustStoreType=PKCS12 -Djavax.net.ssl.trustStorePassword="
                + JAVA_TRUST_STORE_PASSWORD);
    }

    /** The variables that point the tools at a bundle at {@code target}. */
    static Map<String, String> environment(String target) {
        Map<String, String> env = new java.util.LinkedHashMap<>();
        VARIABLES.forEach(v -> env.put(v, target));
        return env;
    }

    private static Set<String> bodies(String pem) {
        Set<String> out = new LinkedHashSet<>();
        Matcher m = CERTIFICATE.matcher(pem);
        while (m.find()) {
            out.add(body(m.group(1)));
        }
        return out;
    }

    private static String body(String base64) {
        return base64.replaceAll("\\s", "");
    }
}
