package validate

import (
	"encoding/xml"
	"fmt"

	"github.com/capq/capq/safeio"
)

// xmlQueue is a CapacitySchedulerQueueInfo as JAXB renders it for
// Accept: application/xml (ResourceManagerRest.md, "Cluster Scheduler
// API"): the same fields as the JSON, the class in an xsi:type attribute
// instead of a "type" member, and children under <queues><queue>.
type xmlQueue struct {
	Type            string `xml:"type,attr"`
	QueueName       string `xml:"queueName"`
	QueuePath       string `xml:"queuePath"`
	State           string `xml:"state"`
	NumApplications *int   `xml:"numApplications"`
	CreationMethod  string `xml:"creationMethod"`
	AutoCreate      bool   `xml:"autoCreateChildQueueEnabled"`
	Queues          *struct {
		Queue []xmlQueue `xml:"queue"`
	} `xml:"queues"`
}

// parseSchedulerXML reads <scheduler><schedulerInfo xsi:type=...>, or a
// <schedulerInfo> root on its own, nested at most safeio.MaxXMLDepth deep.
func parseSchedulerXML(data []byte) (liveNode, error) {
	var doc struct {
		XMLName xml.Name
		Info    *xmlQueue `xml:"schedulerInfo"`
		xmlQueue
	}
	if err := safeio.DecodeXML(data, &doc); err != nil {
		return liveNode{}, fmt.Errorf("live state: not the scheduler REST XML: %w", err)
	}
	root := doc.Info
	switch {
	case doc.XMLName.Local == "schedulerInfo":
		root = &doc.xmlQueue
	case doc.XMLName.Local != "scheduler" || root == nil:
		return liveNode{}, fmt.Errorf("live state: XML root <%s>, want <scheduler><schedulerInfo> (GET /ws/v1/cluster/scheduler)", doc.XMLName.Local)
	}
	if root.Type != "" && root.Type != "capacityScheduler" {
		return liveNode{}, fmt.Errorf("live state: scheduler type %q, want capacityScheduler", root.Type)
	}
	return root.node(), nil
}

func (q *xmlQueue) node() liveNode {
	n := liveNode{name: q.QueueName, path: q.QueuePath, state: q.State, creationMethod: q.CreationMethod,
		numApps: q.NumApplications, autoCreate: q.AutoCreate}
	if q.Queues != nil {
		for i := range q.Queues.Queue {
			n.children = append(n.children, q.Queues.Queue[i].node())
		}
	}
	return n
}
