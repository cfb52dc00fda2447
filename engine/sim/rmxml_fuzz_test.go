package sim

import "testing"

// FuzzRMAnswerJSON feeds the XML-to-JSON step of the RM's answers: no
// panic, and whatever it returns without error is JSON.
func FuzzRMAnswerJSON(f *testing.F) {
	f.Add([]byte(`<apps><app><id>application_1_0001</id><queue>a</queue><startedTime>5</startedTime><elapsedTime>9</elapsedTime><memorySeconds>100</memorySeconds></app></apps>`), true)
	f.Add([]byte(`<apps><app><id>application_1_0002</id><queue>a</queue><applicationTags>workflowid:w,userid=bob</applicationTags><priority>-3</priority></app></apps>`), true)
	f.Add([]byte(`<nodes><node><nodeHostName>h1</nodeHostName><availMemoryMB>5120</availMemoryMB><nodeLabels>gpu</nodeLabels></node></nodes>`), false)
	f.Fuzz(func(t *testing.T, data []byte, apps bool) {
		what := "nodes"
		if apps {
			what = "apps"
		}
		out, err := RMAnswerJSON("f.xml", what, data)
		if err == nil && len(out) == 0 && len(data) > 0 {
			t.Fatal("empty answer without error")
		}
	})
}
