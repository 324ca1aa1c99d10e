package dev.repofix.workspace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConfinedReaderTest {
    private static final long CAP = 1024;

    @TempDir
    Path temp;

    private Path repo;
    private Path outside;
    private Refusals refusals;
    private ConfinedReader reader;

    @BeforeEach
    void repository() throws IOException {
        repo = Files.createDirectories(temp.resolve("repo"));
        Files.createDirectories(repo.resolve("src"));
        Files.writeString(repo.resolve("src/app.py"), "print('hello')\n");
        outside = Files.writeString(temp.resolve("host-secret.txt"), "host secret e2e-host-0001\n");
        refusals = new Refusals();
        reader = new ConfinedReader(repo, refusals);
    }

    @Test
    void readsARegularFileInsideTheCopy() {
        FileRead read = reader.read("src/app.py", CAP);

        assertThat(read).isInstanceOfSatisfying(FileRead.Content.class,
                c -> assertThat(c.utf8()).contains("print('hello')\n"));
        assertThat(refusals.notes()).isEmpty();
    }

    @Test
    void readsALinkThatStaysInsideTheCopy() throws IOException {
        Files.createSymbolicLink(repo.resolve("alias.py"), Path.of("src/app.py"));

        assertThat(reader.read("alias.py", CAP)).isInstanceOfSatisfying(FileRead.Content.class,
                c -> assertThat(c.text()).isEqualTo("print('hello')\n"));
    }

    @Test
    void refusesALinkToAFileOutsideTheCopyAndNotesIt() throws IOException {
        Files.createSymbolicLink(repo.resolve("src/host.py"), outside);

        FileRead read = reader.read("src/host.py", CAP);

        assertThat(read).isEqualTo(new FileRead.Refused("src/host.py", FileRead.Reason.OUTSIDE));
        assertThat(refusals.notes()).containsExactly(
                "not read: src/host.py: a link that leads outside the repository");
    }

    @Test
    void refusesALinkToTheProcessEnvironment() throws IOException {
        Files.createSymbolicLink(repo.resolve("env.py"), Path.of("/proc/self/environ"));

        assertThat(reader.read("env.py", CAP)).isEqualTo(new FileRead.Refused("env.py", FileRead.Reason.OUTSIDE));
        assertThat(reader.open("env.py")).isEqualTo(new FileRead.Refused("env.py", FileRead.Reason.OUTSIDE));
    }

    @Test
    void refusesALinkToADevice() throws IOException {
        Files.createSymbolicLink(repo.resolve("zero.py"), Path.of("/dev/zero"));

        assertThat(reader.read("zero.py", CAP)).isEqualTo(new FileRead.Refused("zero.py", FileRead.Reason.OUTSIDE));
    }

    @Test
    void refusesALinkThatLeavesThroughAnotherLinkInside() throws IOException {
        Files.createSymbolicLink(repo.resolve("hop.py"), outside);
        Files.createSymbolicLink(repo.resolve("src/first.py"), Path.of("../hop.py"));

        assertThat(reader.read("src/first.py", CAP))
                .isEqualTo(new FileRead.Refused("src/first.py", FileRead.Reason.OUTSIDE));
    }

    @Test
    void refusesAFileUnderAFolderThatIsALinkOutside() throws IOException {
        Files.createSymbolicLink(repo.resolve("etc"), temp);

        assertThat(reader.read("etc/host-secret.txt", CAP))
                .isEqualTo(new FileRead.Refused("etc/host-secret.txt", FileRead.Reason.OUTSIDE));
    }

    @Test
    void refusesAPathThatClimbsOutWithDotDot() {
        assertThat(reader.read("src/../../host-secret.txt", CAP))
                .isInstanceOfSatisfying(FileRead.Refused.class,
                        r -> assertThat(r.reason()).isEqualTo(FileRead.Reason.NOT_UNDER_ROOT));
        assertThat(reader.read(outside, CAP)).isInstanceOfSatisfying(FileRead.Refused.class,
                r -> assertThat(r.reason()).isEqualTo(FileRead.Reason.NOT_UNDER_ROOT));
        assertThat(refusals.notes()).containsExactly("not read: src/../../host-secret.txt: a path outside the repository",
                "not read: " + outside + ": a path outside the repository");
    }

    @Test
    void readsADotDotPathThatStaysInside() {
        assertThat(reader.read("src/../src/app.py", CAP)).isInstanceOf(FileRead.Content.class);
    }

    @Test
    void neverOpensAFifo() throws Exception {
        Path fifo = repo.resolve("pipe.py");
        Process mkfifo = new ProcessBuilder("mkfifo", fifo.toString()).start();
        assertThat(mkfifo.waitFor()).isZero();

        FileRead read = assertTimeoutPreemptively(Duration.ofSeconds(5), () -> reader.read("pipe.py", CAP));
        FileOpen open = assertTimeoutPreemptively(Duration.ofSeconds(5), () -> reader.open("pipe.py"));

        assertThat(read).isEqualTo(new FileRead.Refused("pipe.py", FileRead.Reason.SPECIAL));
        assertThat(open).isEqualTo(new FileRead.Refused("pipe.py", FileRead.Reason.SPECIAL));
        assertThat(refusals.notes()).containsExactly("not read: pipe.py: not a regular file (a fifo, socket or device)");
    }

    @Test
    void refusesADirectoryMissingFileAndFileOverTheCapWithoutANote() throws IOException {
        Files.write(repo.resolve("big.py"), new byte[(int) CAP + 1]);

        assertThat(reader.read("src", CAP)).isEqualTo(new FileRead.Refused("src", FileRead.Reason.DIRECTORY));
        assertThat(reader.read("nothing.py", CAP)).isEqualTo(new FileRead.Refused("nothing.py", FileRead.Reason.MISSING));
        assertThat(reader.read("src/app.py/under", CAP))
                .isEqualTo(new FileRead.Refused("src/app.py/under", FileRead.Reason.MISSING));
        assertThat(reader.read("big.py", CAP)).isEqualTo(new FileRead.Refused("big.py", FileRead.Reason.TOO_LARGE));
        assertThat(reader.read("big.py", CAP + 1)).isInstanceOf(FileRead.Content.class);
        assertThat(refusals.notes()).isEmpty();
    }

    @Test
    void namesAnAbsolutePathUnderTheRootRelativeToIt() throws IOException {
        Files.createSymbolicLink(repo.resolve("src/host.py"), outside);

        assertThat(reader.read(repo.resolve("src/host.py"), CAP).path()).isEqualTo("src/host.py");
    }

    @Test
    void opensARegularFileAsAStream() throws IOException {
        FileOpen open = reader.open("src/app.py");

        assertThat(open).isInstanceOf(FileOpen.Stream.class);
        try (InputStream in = ((FileOpen.Stream) open).in()) {
            assertThat(new String(in.readAllBytes(), StandardCharsets.UTF_8)).isEqualTo("print('hello')\n");
        }
    }

    @Test
    void aRootThatIsItselfALinkReadsItsFiles() throws IOException {
        Path alias = Files.createSymbolicLink(temp.resolve("alias"), repo);

        assertThat(new ConfinedReader(alias).read("src/app.py", CAP)).isInstanceOf(FileRead.Content.class);
    }

    @Test
    void copiesOfTheIndexShareTheirRefusals() throws IOException {
        Path copy = Files.createDirectories(temp.resolve("copy"));
        Files.createSymbolicLink(copy.resolve("env.py"), Path.of("/proc/self/environ"));
        FileIndex index = new FileIndex(repo, List.of("env.py", "src/app.py"));

        index.rootedAt(copy).read("env.py", CAP);

        assertThat(index.refusals().notes()).containsExactly(
                "not read: env.py: a link that leads outside the repository");
    }

    @Test
    void eachFileIsNotedOnce() throws IOException {
        Files.createSymbolicLink(repo.resolve("env.py"), Path.of("/proc/self/environ"));

        reader.read("env.py", CAP);
        reader.read("env.py", CAP);
        reader.open("env.py");

        assertThat(refusals.notes()).hasSize(1);
    }
}
