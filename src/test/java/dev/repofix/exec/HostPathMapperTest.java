package dev.repofix.exec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class HostPathMapperTest {
    private static final String ID = "c59ee89940aee9efe71893d05bf267e000a32a06155160851c71626e24ca2fb1";

    /** The mounts GitHub gives a container action, as the engine's inspect lists them. */
    private static final HostPathMapper ACTION = HostPathMapper.inContainer(ID, List.of(
            new HostPathMapper.BindMount(Path.of("/var/run/docker.sock"), Path.of("/var/run/docker.sock")),
            new HostPathMapper.BindMount(Path.of("/home/runner/work/_temp/_github_home"), Path.of("/github/home")),
            new HostPathMapper.BindMount(Path.of("/home/runner/work/app/app"), Path.of("/github/workspace")),
            new HostPathMapper.BindMount(Path.of("/home/runner/work/_temp"), Path.of("/github/workspace/tmp"))));

    @Test
    void outsideAContainerEveryPathIsTheHosts() {
        assertThat(HostPathMapper.identity().toHost(Path.of("/tmp/repofix-1/base")))
                .contains(Path.of("/tmp/repofix-1/base"));
        assertThat(HostPathMapper.identity().translates()).isFalse();
    }

    @Test
    void mapsAPathUnderAMountToTheMountsSource() {
        assertThat(ACTION.toHost(Path.of("/github/home/repofix-1/copy-2-x")))
                .contains(Path.of("/home/runner/work/_temp/_github_home/repofix-1/copy-2-x"));
        assertThat(ACTION.toHost(Path.of("/github/workspace"))).contains(Path.of("/home/runner/work/app/app"));
    }

    @Test
    void theDeepestMountWins() {
        assertThat(ACTION.toHost(Path.of("/github/workspace/tmp/w"))).contains(Path.of("/home/runner/work/_temp/w"));
    }

    @Test
    void aPrefixOfANameIsNoMount() {
        assertThat(ACTION.toHost(Path.of("/github/homework/x"))).isEmpty();
    }

    @Test
    void aPathOnTheContainersOwnFileSystemSaysHowToFixIt() {
        assertThatThrownBy(() -> ACTION.workspaceOnHost(Path.of("/tmp/repofix-1/base")))
                .isInstanceOf(ExecException.class)
                .hasMessageContaining("/tmp/repofix-1/base is not on a volume the Docker engine can see")
                .hasMessageContaining("REPOFIX_WORK_DIR").hasMessageContaining("/github/home");
        assertThatThrownBy(() -> ACTION.workDirOnHost(Path.of("/tmp")))
                .hasMessageStartingWith("the workspace copies under /tmp are not on a volume");
        assertThat(ACTION.workDirOnHost(Path.of("/github/home/w"))).isEqualTo(
                Path.of("/home/runner/work/_temp/_github_home/w"));
    }

    @Test
    void readsTheContainerIdFromTheHostnameMount() {
        String mountinfo = """
                72 60 0:45 / / rw,relatime master:1 - overlay overlay rw,lowerdir=/var/lib/docker/overlay2/l/A
                89 72 254:0 /var/lib/docker/containers/%1$s/resolv.conf /etc/resolv.conf rw,relatime - ext4 /dev/vda rw
                90 72 254:0 /var/lib/docker/containers/%1$s/hostname /etc/hostname rw,relatime - ext4 /dev/vda rw
                """.formatted(ID);

        assertThat(ContainerIdentity.idInMountinfo(mountinfo)).contains(ID);
    }

    @Test
    void otherContainersInTheHostsMountTableAreNotUs() {
        String hostMountinfo = """
                25 1 254:0 / / rw,relatime shared:1 - ext4 /dev/vda rw
                300 25 0:70 / /var/lib/docker/containers/%s/mounts/shm rw - tmpfs shm rw,size=65536k
                """.formatted(ID);

        assertThat(ContainerIdentity.idInMountinfo(hostMountinfo)).isEmpty();
    }

    @Test
    void readsTheContainerIdFromCgroupV1() {
        assertThat(ContainerIdentity.idInCgroup("12:pids:/docker/" + ID + "\n1:name=systemd:/docker/" + ID))
                .contains(ID);
        assertThat(ContainerIdentity.idInCgroup("0::/user.slice/user-1000.slice/session-2.scope")).isEmpty();
    }
}
