package dev.repofix.exec;

import dev.repofix.config.HostEnvironment;
import java.nio.file.Files;
import java.nio.file.Path;
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
    /** Where the same certificates go for Java, which reads no PEM bundle: a PKCS12 trust store. */
    static final String JAVA_TRUST_STORE = "/etc/repofix/java-trust.p12";
    /** The trust store's password: it holds only public certificates, as the JDK's own {@code cacerts}. */
    private static final String JAVA_TRUST_STORE_PASSWORD = "changeit";
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

    /** The variables that point the tools at a bundle at {@code target}. */
    static Map<String, String> environment(String target) {
        Map<String, String> env = new java.util.LinkedHashMap<>();
        VARIABLES.forEach(v -> env.put(v, target));
        return env;
    }

    /**
     * The variable that points every JVM (Maven, Gradle) at a trust store at {@code target}: the
     * JVM reads {@code JAVA_TOOL_OPTIONS} itself, so no tool's own options are replaced.
     */
    static Map<String, String> javaEnvironment(String target) {
        return Map.of("JAVA_TOOL_OPTIONS", "-Djavax.net.ssl.trustStore=" + target
                + " -Djavax.net.ssl.trustStoreType=PKCS12 -Djavax.net.ssl.trustStorePassword="
                + JAVA_TRUST_STORE_PASSWORD);
    }

    /** The certificates of {@code pem} as a PKCS12 trust store; empty when there is none to read. */
    static Optional<byte[]> javaTrustStore(String pem) {
        try {
            java.security.KeyStore store = java.security.KeyStore.getInstance("PKCS12");
            store.load(null, null);
            java.security.cert.CertificateFactory x509 = java.security.cert.CertificateFactory.getInstance("X.509");
            Matcher m = CERTIFICATE.matcher(pem);
            int i = 0;
            while (m.find()) {
                try {
                    store.setCertificateEntry("ca-" + i++, x509.generateCertificate(new java.io.ByteArrayInputStream(
                            m.group().getBytes(java.nio.charset.StandardCharsets.US_ASCII))));
                } catch (java.security.cert.CertificateException e) {
                    continue; // one unreadable certificate does not cost the others
                }
            }
            if (store.size() == 0) {
                return Optional.empty();
            }
            java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
            store.store(out, JAVA_TRUST_STORE_PASSWORD.toCharArray());
            return Optional.of(out.toByteArray());
        } catch (java.security.GeneralSecurityException | java.io.IOException e) {
            return Optional.empty();
        }
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
