package dev.repofix.patch;

/**
 * A patch that parsed but cannot apply to this workspace; its message is the reason an
 * {@link ApplyResult.NotApplied} reports. Checked, and without a stack trace: it is an
 * expected outcome, turned into a result before it leaves the package. The reason is
 * kept short as {@link PatchException}'s messages are: it may quote an untrusted path.
 */
final class PatchRejected extends Exception {
    private static final long serialVersionUID = 1L;

    PatchRejected(String reason) {
        super(PatchException.bounded(reason), null, false, false);
    }
}
