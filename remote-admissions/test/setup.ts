// The remotes' jsdom set-up: a signed-in finance user in branch 1 (shared/test/remote-setup.ts).
import '@keuangan/shared/test/remote-setup';
