package dev.repofix.exec;

import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.config.HostEnvironment;
import java.io.ByteArrayInputStream;
import java.nio.file.Path;
import java.security.KeyStore;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class CaBundlesTest {
    private static final String A = "-----BEGIN CERTIFICATE-----\nMIIBaaaa\nAAAA\n-----END CERTIFICATE-----";
    private static final String B = "-----BEGIN CERTIFICATE-----\nMIIBbbbb\nBBBB\n-----END CERTIFICATE-----";
    private static final String PROXY = "-----BEGIN CERTIFICATE-----\nMIIBpppp\nPPPP\n-----END CERTIFICATE-----";
    /** ISRG Root X2, a public root certificate. */
    static final String ROOT = String.join("\n",
            "-----BEGIN CERTIFICATE-----",
            "MIICGzCCAaGgAwIBAgIQQdKd0XLq7qeAwSxs6S+HUjAKBggqhkjOPQQDAzBPMQsw",
            "CQYDVQQGEwJVUzEpMCcGA1UEChMgSW50ZXJuZXQgU2VjdXJpdHkgUmVzZWFyY2gg",
            "R3JvdXAxFTATBgNVBAMTDElTUkcgUm9vdCBYMjAeFw0yMDA5MDQwMDAwMDBaFw00",
            "MDA5MTcxNjAwMDBaME8xCzAJBgNVBAYTAlVTMSkwJwYDVQQKEyBJbnRlcm5ldCBT",
            "ZWN1cml0eSBSZXNlYXJjaCBHcm91cDEVMBMGA1UEAxMMSVNSRyBSb290IFgyMHYw",
            "EAYHKoZIzj0CAQYFK4EEACIDYgAEzZvVn4CDCuwJSvMWSj5cz3es3mcFDR0HttwW",
            "+1qLFNvicWDEukWVEYmO6gbf9yoWHKS5xcUy4APgHoIYOIvXRdgKam7mAHf7AlF9",
            "ItgKbppbd9/w+kHsOdx1ymgHDB/qo0IwQDAOBgNVHQ8BAf8EBAMCAQYwDwYDVR0T",
            "AQH/BAUwAwEB/zAdBgNVHQ4EFgQUfEKWrt5LSDv6kviejM9ti6lyN5UwCgYIKoZI",
            "zj0EAwMDaAAwZQIwe3lORlCEwkSHRhtFcP9Ymd70/aTSVaYgLXTWNLxBo1BfASdW",
            "tL4ndQavEi51mI38AjEAi/V3bNTIZargCyzuFJ0nN6T5U6VR5CmD1/iQMVtCnwr1",
            "/q4AaOeMSQ+2b1tbFfLn",
            "-----END CERTIFICATE-----");

    @Test
    void anImageBundleThatHoldsEveryHostCertificateStaysAsItIsWhateverItsLineBreaks() {
        assertThat(CaBundles.union(A + "\n" + B + "\n", "# host\n" + B.replace("\n", "\r\n") + "\n" + A)).isEmpty();
    }

    @Test
    void theHostsCertificatesTheImageLacksAreAddedAfterTheImagesOwn() {
        assertThat(CaBundles.union(A + "\n" + B + "\n", B + "\n" + PROXY + "\n"))
                .contains(A + "\n" + B + "\n" + PROXY + "\n");
    }

    /** Java reads no PEM bundle: the same certificates, as a trust store its JVMs are told about. */
    @Test
    void theUnionBecomesAJavaTrustStoreWithEveryReadableCertificate() throws Exception {
        Path bundle = CaBundles.onHost(HostEnvironment.fromSystem()).orElse(null);
        org.junit.jupiter.api.Assumptions.assumeTrue(bundle != null, "this machine has a CA bundle");
        String pem = java.nio.file.Files.readString(bundle);
        long certificates = java.util.regex.Pattern.compile("-----BEGIN CERTIFICATE-----").matcher(pem).results()
                .count();

        byte[] store = CaBundles.javaTrustStore(A + "\n" + pem).orElseThrow();

        java.security.KeyStore read = java.security.KeyStore.getInstance("PKCS12");
        read.load(new java.io.ByteArrayInputStream(store), "changeit".toCharArray());
        assertThat((long) read.size()).as("the unreadable one left out").isEqualTo(certificates).isPositive();
        assertThat(CaBundles.javaEnvironment("/etc/repofix/java-trust.p12").get("JAVA_TOOL_OPTIONS"))
                .contains("-Djavax.net.ssl.trustStore=/etc/repofix/java-trust.p12")
                .contains("-Djavax.net.ssl.trustStoreType=PKCS12");
        assertThat(CaBundles.javaTrustStore(A)).isEmpty();
    }

    @Test
    void anImageWithoutABundleGetsTheHostsCertificates() {
        assertThat(CaBundles.union("", A + "\n" + PROXY)).contains(A + "\n" + PROXY + "\n");
    }

    @Test
    void theHostBundleIsSslCertFileWhenItIsAFileElseTheFirstUsualPlaceThatIsOne() {
        Set<Path> files = Set.of(Path.of("/etc/pki/tls/certs/ca-bundle.crt"), Path.of("/opt/corp/ca.pem"));

        assertThat(CaBundles.onHost(new HostEnvironment(Map.of("SSL_CERT_FILE", "/opt/corp/ca.pem")), files::contains))
                .contains(Path.of("/opt/corp/ca.pem"));
        assertThat(CaBundles.onHost(new HostEnvironment(Map.of("SSL_CERT_FILE", "/missing.pem")), files::contains))
                .contains(Path.of("/etc/pki/tls/certs/ca-bundle.crt"));
        assertThat(CaBundles.onHost(new HostEnvironment(Map.of()), p -> false)).isEmpty();
    }

    @Test
    void readsTheImagesBundleFromWhatTheProbePrinted() {
        assertThat(CaBundles.imageBundle("repofix-ca-bundle /etc/ssl/cert.pem\n" + A + "\n"))
                .contains(Map.entry("/etc/ssl/cert.pem", A + "\n"));
        assertThat(CaBundles.imageBundle("")).isEmpty();
        assertThat(CaBundles.probeScript()).contains("/etc/ssl/certs/ca-certificates.crt", "/etc/ssl/cert.pem");
    }
}
