package dev.repofix.exec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SandboxUserTest {
    @TempDir
    Path dir;

    @Test
    void rootRunsTestsAsTheImagesSandboxUserAndHandsItTheCopy() {
        assertThat(SandboxUser.of(0, 0)).isEqualTo(new SandboxUser(10001, 10001, true));
    }

    @Test
    void anyoneElseRunsTestsAsThemselves() {
        assertThat(SandboxUser.of(1001, 121)).isEqualTo(new SandboxUser(1001, 121, false));
        assertThat(SandboxUser.of(1001, 121).spec()).isEqualTo("1001:121");
    }

    @Test
    void handsEveryFileButNotALinksTargetToTheUser() throws Exception {
        assumeTrue(SandboxUser.current().chown(), "changing owners needs root");
        Path outside = Files.writeString(dir.resolve("outside.txt"), "x");
        Path copy = Files.createDirectories(dir.resolve("copy/src"));
        Files.writeString(copy.resolve("A.java"), "class A {}");
        Files.createSymbolicLink(copy.resolve("link"), outside);

        SandboxUser.of(0, 0).prepare(dir.resolve("copy"));

        assertThat(uid(copy.resolve("A.java"))).isEqualTo(10001);
        assertThat(uid(copy)).isEqualTo(10001);
        assertThat(uid(copy.resolve("link"))).isEqualTo(10001);
        assertThat(uid(outside)).isZero();
    }

    private static int uid(Path p) throws Exception {
        return (Integer) Files.getAttribute(p, "unix:uid", LinkOption.NOFOLLOW_LINKS);
    }
}
