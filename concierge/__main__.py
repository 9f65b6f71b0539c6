from concierge.app import main

raise SystemExit(main())
