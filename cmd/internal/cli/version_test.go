package cli

import (
	"runtime/debug"
	"testing"
)

// TestResolveBuild checks which source each field of `fray version` comes
// from: -ldflags stamps first, then the module version go install records,
// then the vcs settings of a build in a checkout.
func TestResolveBuild(t *testing.T) {
	vcs := []debug.BuildSetting{
		{Key: "vcs", Value: "git"},
		{Key: "vcs.revision", Value: "0123456789abcdef0123456789abcdef01234567"},
		{Key: "vcs.time", Value: "2026-01-02T03:04:05Z"},
		{Key: "vcs.modified", Value: "true"},
	}
	tests := []struct {
		name             string
		ver, com, dat    string
		bi               *debug.BuildInfo
		wantVer, wantCom string
		wantDate         string
		wantMod          bool
		wantGo           string
	}{
		{
			name: "no build info at all",
			ver:  "dev", bi: nil,
			wantVer: "dev", wantCom: "unknown", wantDate: "unknown",
		},
		{
			name: "release build: the stamps win over everything",
			ver:  "v1.2.3", com: "abc1234", dat: "2026-05-06T07:08:09Z",
			bi:      &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "v9.9.9"}, Settings: vcs},
			wantVer: "v1.2.3", wantCom: "abc1234", wantDate: "2026-05-06T07:08:09Z", wantGo: "go1.26.8",
		},
		{
			name:    "go install pkg@version: the module version",
			ver:     "dev",
			bi:      &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "v0.4.0"}},
			wantVer: "v0.4.0", wantCom: "unknown", wantDate: "unknown", wantGo: "go1.26.8",
		},
		{
			name:    "go build in a checkout: devel version, vcs commit and time",
			ver:     "dev",
			bi:      &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "(devel)"}, Settings: vcs},
			wantVer: "dev", wantCom: "0123456789abcdef0123456789abcdef01234567", wantDate: "2026-01-02T03:04:05Z", wantMod: true, wantGo: "go1.26.8",
		},
		{
			name: "stamped commit: the checkout's modified flag is not its business",
			ver:  "v1.0.0", com: "feedface",
			bi:      &debug.BuildInfo{GoVersion: "go1.26.8", Settings: vcs},
			wantVer: "v1.0.0", wantCom: "feedface", wantDate: "2026-01-02T03:04:05Z", wantGo: "go1.26.8",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := resolveBuild(tt.ver, tt.com, tt.dat, tt.bi)
			if got.Version != tt.wantVer || got.Commit != tt.wantCom || got.Date != tt.wantDate || got.Modified != tt.wantMod {
				t.Errorf("got version %q commit %q date %q modified %v, want %q %q %q %v",
					got.Version, got.Commit, got.Date, got.Modified, tt.wantVer, tt.wantCom, tt.wantDate, tt.wantMod)
			}
			if tt.wantGo != "" && got.Go != tt.wantGo {
				t.Errorf("go version %q, want %q", got.Go, tt.wantGo)
			}
			if got.Platform == "" {
				t.Error("no platform")
			}
		})
	}
}

// TestShortVersion checks the one line of `fray --version`: a long commit
// is cut to 12 characters and a modified checkout is marked.
func TestShortVersion(t *testing.T) {
	b := buildInfo{Version: "v1.2.3", Commit: "0123456789abcdef0123", Date: "2026-01-02T03:04:05Z", Modified: true, Go: "go1.26.8", Platform: "linux/amd64"}
	want := "v1.2.3 (commit 0123456789ab+modified, built 2026-01-02T03:04:05Z, go1.26.8, linux/amd64)"
	if got := b.short(); got != want {
		t.Errorf("short() = %q, want %q", got, want)
	}
}
