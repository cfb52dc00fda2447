package xmlconf

import (
	"bytes"
	"encoding/xml"
	"strings"
)

// H1Kind says which file of a Hadoop 1 set a configuration document is.
type H1Kind int

// Kinds of Hadoop 1 configuration documents.
const (
	H1NotHadoop1 H1Kind = iota
	H1KindMapredSite
	H1KindCapacityScheduler
	H1KindQueueACLs
)

// ClassifyH1Document tells a Hadoop 1 file by its keys: only
// mapred.capacity-scheduler.* is a capacity-scheduler.xml; only queue ACL
// and state keys (mapred.queue.<q>.acl-*|state) is a mapred-queue-acls.xml;
// mapred.queue.names, mapred.jobtracker.taskScheduler or other
// mapred.queue.* keys make a mapred-site.xml. Any yarn.scheduler.capacity.*
// key means it is not a Hadoop 1 file.
func ClassifyH1Document(d *Document) H1Kind {
	cs, acl, site, other := 0, 0, 0, 0
	for _, p := range d.Props {
		switch k := p.Name; {
		case strings.HasPrefix(k, Prefix):
			return H1NotHadoop1
		case strings.HasPrefix(k, H1CSPrefix):
			cs++
		case k == H1KeyQueueNames || k == H1KeyScheduler || k == H1KeyScheduler021:
			site++
		case strings.HasPrefix(k, H1QueuePrefix) && isQueueACLKey(k):
			acl++
		case strings.HasPrefix(k, "mapred.") || strings.HasPrefix(k, "mapreduce."):
			site++ // a JobTracker setting: this is the mapred-site.xml
		default:
			other++
		}
	}
	switch {
	case site > 0:
		return H1KindMapredSite
	case cs > 0 && acl == 0 && other == 0:
		return H1KindCapacityScheduler
	case acl > 0 && cs == 0 && other == 0:
		return H1KindQueueACLs
	case cs+acl > 0:
		return H1KindMapredSite
	}
	return H1NotHadoop1
}

func isQueueACLKey(k string) bool {
	return strings.HasSuffix(k, ".acl-submit-job") || strings.HasSuffix(k, ".acl-administer-jobs") || strings.HasSuffix(k, ".state")
}

// IsMapredQueuesXML reports whether data is a 0.21 mapred-queues.xml: its
// root element is <queues>. It reads only up to the root element.
func IsMapredQueuesXML(data []byte) bool {
	dec := xml.NewDecoder(bytes.NewReader(data))
	dec.Strict = false
	for i := 0; i < 1000; i++ {
		tok, err := dec.Token()
		if err != nil {
			return false
		}
		if se, ok := tok.(xml.StartElement); ok {
			return se.Name.Local == "queues"
		}
	}
	return false
}

// IsHadoop1Set reports whether the files at paths form a Hadoop 1 queue
// configuration (what capq lint should hand to LoadHadoop1Set): one of
// them is a mapred-queues.xml, or every configuration among them is a
// Hadoop 1 file and at least one has Hadoop 1 keys. Unreadable files
// make it false; DetectHadoop1 says more.
func IsHadoop1Set(paths []string, opts ReadOptions) bool {
	r := readH1(paths, opts)
	return len(r.failed) == 0 && !r.yarn && r.h1
}

// LoadHadoop1Set reads files of a Hadoop 1 set given in any order and
// assigns each its role by content (ClassifyH1Document, IsMapredQueuesXML),
// then parses the set. Two files of one role, or a file that is not a
// Hadoop 1 configuration, is an error.
func LoadHadoop1Set(paths []string, opts ReadOptions) (*H1Model, error) {
	r := readH1(paths, opts)
	if err := r.errs.ErrorOrNil(); err != nil {
		return nil, err
	}
	return r.byContent(paths)
}

func h1Slot(f *H1Files, k H1Kind) (**Document, string) {
	switch k {
	case H1KindMapredSite:
		return &f.MapredSite, "mapred-site.xml"
	case H1KindCapacityScheduler:
		return &f.CapacityScheduler, "capacity-scheduler.xml"
	case H1KindQueueACLs:
		return &f.QueueACLs, "mapred-queue-acls.xml"
	}
	return nil, ""
}

// hasH1Keys reports keys only a Hadoop 1 JobTracker reads (a MapReduce 2
// mapred-site.xml has none of them).
func hasH1Keys(d *Document) bool {
	for _, p := range d.Props {
		k := p.Name
		if strings.HasPrefix(k, H1CSPrefix) || strings.HasPrefix(k, H1QueuePrefix) || k == H1KeyScheduler || k == H1KeyScheduler021 {
			return true
		}
	}
	return false
}
